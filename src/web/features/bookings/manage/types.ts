import type { WeeklyHours } from '@/domain/hours';
import type { PricingType } from '@/domain/pricing';

/** What Manage Venue reads of GET /api/venues/:id (the owner's view). */
export interface ManagedVenue {
  id: string;
  host_id: string;
  name: string;
  address: string;
  city: string;
  capacity: number;
  base_price: number;
  pricing_type: PricingType;
  hours: WeeklyHours;
  open_to_flexible_hours: boolean;
  time_zone: string;
  is_active: boolean;
}

export const manageVenueKey = (id: string) => ['manage-venue', id] as const;
