/**
 * Demo venues: a dozen active ones in six cities and two awaiting approval, split between
 * the two demo hosts, each with photos drawn locally (SVG rendered by sharp — nothing is
 * downloaded) and run through the same pipeline as uploads.
 *
 * Long because it is data: fourteen believable venues with their descriptions, hours and
 * prices take most of the file; the code that stores them is the last part.
 */
import { randomUUID } from 'node:crypto';
import type { Amenity } from '@/domain/amenities';
import { WEEK_DAYS, type WeekDay } from '@/domain/calendar';
import type { DayHours, WeeklyHours } from '@/domain/hours';
import type { PricingType } from '@/domain/pricing';
import type { AppContext } from '../context';
import { venues, type Venue } from '../db/schema';
import { loadSharp } from '../images/pipeline';
import { storeProcessedVenueImage, storeVenueImage } from '../services/venues/images';
import { prebuiltDemoPhoto, type DemoPhotoSpec } from './demo-photos';
import type { DemoAccounts } from './accounts';
import { sealBankDetails } from '../services/venues/bank-details';

type Slot = readonly [open: string, close: string] | null;
type Week = Partial<Record<WeekDay, Slot>> & { rest?: Slot };

interface DemoVenue {
  host: 0 | 1;
  active: boolean;
  name: string;
  description: string;
  address: string;
  city: string;
  time_zone: string;
  capacity: number;
  base_price: number;
  pricing_type: PricingType;
  amenities: Amenity[];
  flexible: boolean;
  week: Week;
  /** Higher price on Friday and Saturday nights. */
  weekendPrice?: number;
  palette: readonly [string, string, string];
  scenes: Array<'bar' | 'dancefloor' | 'rooftop' | 'lounge' | 'stage'>;
  daysAgo: number;
}

const LATE: Slot = ['20:00', '02:00'];

const DEMO_VENUES: DemoVenue[] = [
  {
    host: 0,
    active: true,
    name: 'The Velvet Room',
    description:
      'A candle-lit speakeasy behind an unmarked door on the Lower East Side. Plush banquettes, a curved marble bar and a resident bartender who builds a menu around your party.',
    address: '148 Orchard Street',
    city: 'New York',
    time_zone: 'America/New_York',
    capacity: 90,
    base_price: 350,
    pricing_type: 'hourly_rate',
    amenities: ['bar', 'sound_system', 'music', 'security'],
    flexible: true,
    week: { monday: null, tuesday: ['18:00', '00:00'], rest: LATE, saturday: ['20:00', '03:00'] },
    weekendPrice: 450,
    palette: ['#1a0b2e', '#9333ea', '#f472b6'],
    scenes: ['bar', 'lounge', 'bar'],
    daysAgo: 41,
  },
  {
    host: 0,
    active: true,
    name: 'Skyline Social',
    description:
      'A glass-walled rooftop forty floors above Midtown with a wraparound terrace, a DJ booth and the Empire State Building as a backdrop.',
    address: '555 West 42nd Street, Rooftop',
    city: 'New York',
    time_zone: 'America/New_York',
    capacity: 220,
    base_price: 2500,
    pricing_type: 'minimum_spend',
    amenities: ['bar', 'dance_floor', 'sound_system', 'dj', 'outdoor_space', 'security'],
    flexible: false,
    week: { monday: null, tuesday: null, rest: ['17:00', '01:00'], friday: LATE, saturday: LATE },
    weekendPrice: 4000,
    palette: ['#07142b', '#2563eb', '#f59e0b'],
    scenes: ['rooftop', 'dancefloor', 'rooftop'],
    daysAgo: 37,
  },
  {
    host: 1,
    active: true,
    name: 'Neon Tide',
    description:
      'Miami Beach’s pink-neon club on Collins Avenue: a sunken dance floor, a 40-foot LED wall, bottle service and a poolside terrace for when the night spills outside.',
    address: '1650 Collins Avenue',
    city: 'Miami',
    time_zone: 'America/New_York',
    capacity: 350,
    base_price: 3000,
    pricing_type: 'minimum_spend',
    amenities: ['bar', 'dance_floor', 'sound_system', 'dj', 'outdoor_space', 'security', 'parking'],
    flexible: false,
    week: { monday: null, tuesday: null, wednesday: null, rest: ['22:00', '05:00'] },
    weekendPrice: 5000,
    palette: ['#200018', '#ec4899', '#22d3ee'],
    scenes: ['dancefloor', 'stage', 'bar'],
    daysAgo: 35,
  },
  {
    host: 1,
    active: true,
    name: 'Calle Ocho Lounge',
    description:
      'A Little Havana cocktail lounge with live son cubano on weekends, hand-rolled cigars on the patio and the best mojito on Calle Ocho.',
    address: '1442 SW 8th Street',
    city: 'Miami',
    time_zone: 'America/New_York',
    capacity: 80,
    base_price: 180,
    pricing_type: 'hourly_rate',
    amenities: ['bar', 'music', 'outdoor_space'],
    flexible: true,
    week: { monday: null, rest: ['17:00', '00:00'], friday: LATE, saturday: LATE },
    palette: ['#1c0f05', '#f97316', '#facc15'],
    scenes: ['lounge', 'bar'],
    daysAgo: 30,
  },
  {
    host: 0,
    active: true,
    name: 'The Gilded Owl',
    description:
      'A River North cocktail bar in a restored 1920s bank vault: brass fixtures, a jazz trio on Thursdays and a private mezzanine for up to 140 guests.',
    address: '312 North Wells Street',
    city: 'Chicago',
    time_zone: 'America/Chicago',
    capacity: 140,
    base_price: 220,
    pricing_type: 'hourly_rate',
    amenities: ['bar', 'music', 'sound_system', 'security'],
    flexible: false,
    week: {
      sunday: ['16:00', '22:00'],
      monday: null,
      rest: ['17:00', '01:00'],
      friday: LATE,
      saturday: LATE,
    },
    weekendPrice: 300,
    palette: ['#140d02', '#ca8a04', '#fde68a'],
    scenes: ['bar', 'lounge', 'stage'],
    daysAgo: 27,
  },
  {
    host: 1,
    active: true,
    name: 'Lakeshore Vault',
    description:
      'An underground techno room under the Loop: Funktion-One sound, a 360° lighting rig and a coat check that never loses a jacket.',
    address: '21 West Lake Street, Lower Level',
    city: 'Chicago',
    time_zone: 'America/Chicago',
    capacity: 400,
    base_price: 1500,
    pricing_type: 'minimum_spend',
    amenities: ['bar', 'dance_floor', 'sound_system', 'dj', 'security'],
    flexible: false,
    week: {
      monday: null,
      tuesday: null,
      wednesday: null,
      thursday: ['22:00', '03:00'],
      rest: ['22:00', '04:00'],
    },
    palette: ['#020617', '#14b8a6', '#a855f7'],
    scenes: ['dancefloor', 'stage'],
    daysAgo: 24,
  },
  {
    host: 0,
    active: true,
    name: 'Sunset Static',
    description:
      'A Sunset Strip club with a glass-floored dance floor, celebrity DJs and a terrace with a view all the way to downtown Los Angeles.',
    address: '8200 Sunset Boulevard',
    city: 'Los Angeles',
    time_zone: 'America/Los_Angeles',
    capacity: 260,
    base_price: 450,
    pricing_type: 'hourly_rate',
    amenities: ['bar', 'dance_floor', 'sound_system', 'dj', 'outdoor_space', 'parking', 'security'],
    flexible: true,
    week: { monday: null, tuesday: null, rest: ['21:00', '02:00'] },
    weekendPrice: 600,
    palette: ['#1f0a1a', '#f43f5e', '#fb923c'],
    scenes: ['dancefloor', 'rooftop', 'bar'],
    daysAgo: 20,
  },
  {
    host: 1,
    active: true,
    name: 'Echo Park Hi-Fi',
    description:
      'A listening bar with a wall of vinyl, vintage tube amplifiers and natural wine. Bring your own records: guests control the turntables.',
    address: '1714 West Sunset Boulevard',
    city: 'Los Angeles',
    time_zone: 'America/Los_Angeles',
    capacity: 45,
    base_price: 95,
    pricing_type: 'hourly_rate',
    amenities: ['bar', 'music', 'user_controlled_music'],
    flexible: true,
    week: { rest: ['18:00', '00:00'], friday: LATE, saturday: LATE },
    palette: ['#0f0a05', '#b45309', '#84cc16'],
    scenes: ['lounge', 'bar'],
    daysAgo: 16,
  },
  {
    host: 0,
    active: true,
    name: 'Rainey Street Porch',
    description:
      'A converted bungalow on Rainey Street with a wraparound porch, string lights, yard games and a jukebox you run from your phone.',
    address: '79 Rainey Street',
    city: 'Austin',
    time_zone: 'America/Chicago',
    capacity: 60,
    base_price: 45,
    pricing_type: 'hourly_rate',
    amenities: ['bar', 'outdoor_space', 'user_controlled_music', 'music'],
    flexible: true,
    week: { rest: ['16:00', '00:00'], friday: LATE, saturday: LATE, sunday: ['12:00', '22:00'] },
    palette: ['#0b1a0e', '#16a34a', '#fbbf24'],
    scenes: ['rooftop', 'bar'],
    daysAgo: 12,
  },
  {
    host: 1,
    active: true,
    name: 'Red River Basement',
    description:
      'A live-music basement on Red River Street with a proper stage, an in-house sound engineer and a backline ready for your band or your DJ.',
    address: '612 Red River Street',
    city: 'Austin',
    time_zone: 'America/Chicago',
    capacity: 180,
    base_price: 800,
    pricing_type: 'minimum_spend',
    amenities: ['bar', 'sound_system', 'music', 'dj', 'security'],
    flexible: false,
    week: { monday: null, sunday: null, rest: LATE },
    palette: ['#1a0505', '#dc2626', '#f59e0b'],
    scenes: ['stage', 'dancefloor'],
    daysAgo: 9,
  },
  {
    host: 1,
    active: true,
    name: 'Mirage Underground',
    description:
      'The Strip’s after-hours club: three rooms, a 60-foot bar, go-go stages and VIP cabanas. Doors at 10 PM, lights up at 4 AM.',
    address: '3570 Las Vegas Boulevard South',
    city: 'Las Vegas',
    time_zone: 'America/Los_Angeles',
    capacity: 650,
    base_price: 5000,
    pricing_type: 'minimum_spend',
    amenities: ['bar', 'dance_floor', 'sound_system', 'dj', 'parking', 'security'],
    flexible: false,
    week: { monday: null, tuesday: null, wednesday: null, rest: ['22:00', '04:00'] },
    weekendPrice: 8000,
    palette: ['#0c0420', '#7c3aed', '#facc15'],
    scenes: ['dancefloor', 'stage', 'bar'],
    daysAgo: 6,
  },
  {
    host: 0,
    active: true,
    name: 'High Roller Lounge',
    description:
      'A private lounge above the casino floor with leather booths, a dedicated mixologist and floor-to-ceiling windows over the Strip.',
    address: '3667 Las Vegas Boulevard South, Level 2',
    city: 'Las Vegas',
    time_zone: 'America/Los_Angeles',
    capacity: 120,
    base_price: 650,
    pricing_type: 'hourly_rate',
    amenities: ['bar', 'sound_system', 'music', 'security', 'parking'],
    flexible: true,
    week: { rest: ['18:00', '02:00'] },
    palette: ['#05130f', '#059669', '#fcd34d'],
    scenes: ['lounge', 'rooftop'],
    daysAgo: 3,
  },
  {
    host: 0,
    active: false,
    name: 'Harbor Lights Supper Club',
    description:
      'A waterfront supper club in the Seaport with a twelve-piece swing band, a raw bar and a dance floor that opens after dessert.',
    address: '200 Seaport Boulevard',
    city: 'Boston',
    time_zone: 'America/New_York',
    capacity: 160,
    base_price: 1200,
    pricing_type: 'minimum_spend',
    amenities: ['bar', 'dance_floor', 'music', 'sound_system'],
    flexible: false,
    week: {
      monday: null,
      rest: ['18:00', '00:00'],
      friday: ['18:00', '01:00'],
      saturday: ['18:00', '01:00'],
    },
    palette: ['#03111f', '#0ea5e9', '#f8fafc'],
    scenes: ['stage', 'lounge'],
    daysAgo: 2,
  },
  {
    host: 1,
    active: false,
    name: 'Bluebird Jazz Cellar',
    description:
      'A brick-walled jazz cellar off Broadway with a Steinway, forty seats and bourbon from a list of two hundred.',
    address: '411 Broadway, Lower Level',
    city: 'Nashville',
    time_zone: 'America/Chicago',
    capacity: 40,
    base_price: 120,
    pricing_type: 'hourly_rate',
    amenities: ['bar', 'music'],
    flexible: true,
    week: { monday: null, tuesday: null, rest: ['19:00', '00:00'], friday: LATE, saturday: LATE },
    palette: ['#0a0a1a', '#3b82f6', '#f472b6'],
    scenes: ['stage', 'bar'],
    daysAgo: 1,
  },
];

function weeklyHours(v: DemoVenue): WeeklyHours {
  return Object.fromEntries(
    WEEK_DAYS.map((day): [WeekDay, DayHours] => {
      const slot = day in v.week ? v.week[day] : v.week.rest;
      const weekend = day === 'friday' || day === 'saturday';
      const price = weekend && v.weekendPrice ? v.weekendPrice : v.base_price;
      return [
        day,
        slot
          ? { open: slot[0], close: slot[1], closed: false, price, pricing_type: v.pricing_type }
          : { open: '18:00', close: '00:00', closed: true, price, pricing_type: v.pricing_type },
      ];
    }),
  ) as WeeklyHours;
}

/** A small deterministic random generator, so the demo photos are the same on every install. */
function random(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x1_0000_0000;
  };
}

const W = 1200;
const H = 750;

/** A moody venue picture: dark gradient, glowing lights, bokeh and a silhouette for the scene. */
function sceneSvg(scene: DemoVenue['scenes'][number], palette: DemoVenue['palette'], seed: number): string {
  const rnd = random(seed);
  const [dark, main, accent] = palette;
  const bokeh = Array.from({ length: 34 }, () => {
    const r = 8 + rnd() * 46;
    const color = rnd() > 0.5 ? main : accent;
    return `<circle cx="${(rnd() * W).toFixed(0)}" cy="${(rnd() * H * 0.7).toFixed(0)}" r="${r.toFixed(0)}" fill="${color}" opacity="${(0.08 + rnd() * 0.3).toFixed(2)}"/>`;
  }).join('');
  const beams = Array.from({ length: 5 }, (_, i) => {
    const x = 120 + i * 260 + rnd() * 60;
    return `<polygon points="${x},0 ${x + 40},0 ${x + 220 - rnd() * 440},${H} ${x - 60},${H}" fill="${i % 2 ? accent : main}" opacity="0.10"/>`;
  }).join('');
  const silhouettes: Record<DemoVenue['scenes'][number], string> = {
    bar: `<rect x="0" y="${H * 0.68}" width="${W}" height="${H * 0.32}" fill="#050308"/>
      <rect x="0" y="${H * 0.66}" width="${W}" height="10" fill="${accent}" opacity="0.8"/>
      ${Array.from({ length: 14 }, (_, i) => `<rect x="${90 + i * 82}" y="${H * 0.46 - (i % 3) * 14}" width="22" height="${70 + (i % 3) * 14}" rx="6" fill="${i % 2 ? main : accent}" opacity="0.55"/>`).join('')}
      <rect x="60" y="${H * 0.58}" width="${W - 120}" height="6" fill="${main}" opacity="0.5"/>`,
    dancefloor: `${Array.from({ length: 26 }, () => {
      const x = rnd() * W;
      const h = 120 + rnd() * 160;
      return `<ellipse cx="${x.toFixed(0)}" cy="${(H - h / 2).toFixed(0)}" rx="${(22 + rnd() * 14).toFixed(0)}" ry="${(h / 2).toFixed(0)}" fill="#030205"/>
        <circle cx="${x.toFixed(0)}" cy="${(H - h - 14).toFixed(0)}" r="${(18 + rnd() * 6).toFixed(0)}" fill="#030205"/>`;
    }).join('')}
      <circle cx="${W / 2}" cy="90" r="46" fill="${accent}" opacity="0.85"/>`,
    rooftop: `<rect x="0" y="${H * 0.55}" width="${W}" height="${H * 0.45}" fill="#04040a"/>
      ${Array.from({ length: 22 }, (_, i) => {
        const bw = 40 + rnd() * 50;
        const bh = 90 + rnd() * 260;
        return `<rect x="${(i * 60 - 10).toFixed(0)}" y="${(H * 0.62 - bh).toFixed(0)}" width="${bw.toFixed(0)}" height="${(bh + 20).toFixed(0)}" fill="#07060f"/>`;
      }).join('')}
      <path d="M0 ${H * 0.62} Q ${W / 2} ${H * 0.5} ${W} ${H * 0.62}" stroke="${accent}" stroke-width="3" fill="none" opacity="0.9"/>
      ${Array.from({ length: 18 }, (_, i) => `<circle cx="${30 + i * 72}" cy="${H * 0.6 - Math.sin(i / 3) * 30}" r="6" fill="${accent}"/>`).join('')}`,
    lounge: `<rect x="0" y="${H * 0.72}" width="${W}" height="${H * 0.28}" fill="#060409"/>
      <rect x="120" y="${H * 0.5}" width="420" height="${H * 0.24}" rx="60" fill="#0b0710"/>
      <rect x="740" y="${H * 0.5}" width="420" height="${H * 0.24}" rx="60" fill="#0b0710"/>
      <ellipse cx="${W / 2}" cy="${H * 0.78}" rx="120" ry="26" fill="${main}" opacity="0.45"/>
      ${Array.from({ length: 3 }, (_, i) => `<circle cx="${420 + i * 220}" cy="140" r="30" fill="${accent}" opacity="0.9"/><line x1="${420 + i * 220}" y1="0" x2="${420 + i * 220}" y2="110" stroke="${accent}" stroke-width="2"/>`).join('')}`,
    stage: `<rect x="0" y="${H * 0.7}" width="${W}" height="${H * 0.3}" fill="#040307"/>
      <rect x="${W * 0.18}" y="${H * 0.6}" width="${W * 0.64}" height="${H * 0.1}" fill="#0c0a12"/>
      <rect x="${W * 0.18}" y="${H * 0.6}" width="${W * 0.64}" height="6" fill="${accent}"/>
      <ellipse cx="${W / 2}" cy="${H * 0.52}" rx="34" ry="90" fill="#030205"/>
      <circle cx="${W / 2}" cy="${H * 0.37}" r="26" fill="#030205"/>
      <polygon points="${W / 2 - 40},0 ${W / 2 + 40},0 ${W / 2 + 220},${H * 0.7} ${W / 2 - 220},${H * 0.7}" fill="${accent}" opacity="0.16"/>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="#020104"/>
    </linearGradient>
    <radialGradient id="glow" cx="${(0.2 + rnd() * 0.6).toFixed(2)}" cy="0.35" r="0.7">
      <stop offset="0" stop-color="${main}" stop-opacity="0.75"/><stop offset="1" stop-color="${main}" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="glow2" cx="${(0.1 + rnd() * 0.8).toFixed(2)}" cy="0.15" r="0.45">
      <stop offset="0" stop-color="${accent}" stop-opacity="0.55"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <rect width="${W}" height="${H}" fill="url(#glow)"/>
  <rect width="${W}" height="${H}" fill="url(#glow2)"/>
  ${beams}${bokeh}${silhouettes[scene]}
</svg>`;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Every demo venue's photos, in order (the build renders them ahead: seed/demo-photos.ts). */
export function demoPhotoSpecs(): DemoPhotoSpec[][] {
  return DEMO_VENUES.map((v, n) =>
    v.scenes.map((scene, i) => ({
      name: `${slug(v.name)}-${i + 1}.jpg`,
      svg: sceneSvg(scene, v.palette, (n + 1) * 7919 + i * 104729),
    })),
  );
}

/** A demo photo as a JPEG, like one a host would upload. */
export async function demoPhotoJpeg(spec: DemoPhotoSpec): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(spec.svg)).jpeg({ quality: 85 }).toBuffer();
}

/** Seeds the demo venues; returns them (every column) so bookings and reviews can be seeded on them. */
export async function seedVenues(ctx: AppContext, accounts: DemoAccounts): Promise<Venue[]> {
  const now = ctx.now().getTime();
  const specs = demoPhotoSpecs();
  const prepared = await Promise.all(
    DEMO_VENUES.map(async (v, n) => {
      const id = randomUUID();
      const images: string[] = [];
      for (const [i, spec] of (specs[n] ?? []).entries()) {
        // Made at build time (npm run build) when present: no image work on a fresh start.
        const prebuilt = await prebuiltDemoPhoto(spec);
        images.push(
          prebuilt
            ? await storeProcessedVenueImage(ctx, id, i, spec.name, prebuilt)
            : await storeVenueImage(ctx, id, i, { name: spec.name, bytes: await demoPhotoJpeg(spec) }),
        );
      }
      return { v, id, images };
    }),
  );
  const host = (i: 0 | 1) => accounts.hosts[i];
  const rows = await ctx.db.transaction((tx) =>
    tx
      .insert(venues)
      .values(
        prepared.map(({ v, id, images }) => ({
          id,
          host_id: host(v.host).id,
          name: v.name,
          description: v.description,
          address: v.address,
          city: v.city,
          capacity: v.capacity,
          base_price: v.base_price,
          pricing_type: v.pricing_type,
          amenities: v.amenities,
          images,
          is_active: v.active,
          hours: weeklyHours(v),
          open_to_flexible_hours: v.flexible,
          time_zone: v.time_zone,
          business_name: host(v.host).business_name,
          phone: host(v.host).phone,
          email: host(v.host).email,
          bank_account_holder_name: host(v.host).business_name ?? host(v.host).full_name,
          ...sealBankDetails(ctx.cipher, {
            bank_account_number: v.host === 0 ? '000123456789' : '000987654321',
            bank_routing_number: v.host === 0 ? '021000021' : '063100277',
            tax_id: v.host === 0 ? '12-3456789' : '98-7654321',
          }),
          review_notes: v.active ? 'Looks great — welcome to Velvet!' : null,
          reviewed_at: v.active ? new Date(now - (v.daysAgo - 1) * 86_400_000) : null,
          created_at: new Date(now - v.daysAgo * 86_400_000),
          updated_at: new Date(now - v.daysAgo * 86_400_000),
        })),
      )
      .returning(),
  );
  return rows;
}
