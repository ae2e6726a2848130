import {
  CircleParking,
  Disc3,
  Footprints,
  ListMusic,
  Music,
  ShieldCheck,
  Sparkles,
  Speaker,
  Trees,
  Wine,
  type LucideIcon,
} from 'lucide-react';
import { isAmenity, type Amenity } from '@/domain/amenities';

const ICONS: Record<Amenity, LucideIcon> = {
  bar: Wine,
  dance_floor: Footprints,
  sound_system: Speaker,
  music: Music,
  dj: Disc3,
  user_controlled_music: ListMusic,
  parking: CircleParking,
  outdoor_space: Trees,
  security: ShieldCheck,
};

/** The icon of an amenity; unknown stored values get a neutral sparkle. */
export function amenityIcon(value: string): LucideIcon {
  return isAmenity(value) ? ICONS[value] : Sparkles;
}
