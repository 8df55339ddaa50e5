/** The venues' session times live in shared/ (the dashboard reads them too); the simulator's calendar imports them from here. */
export { VENUE_IDS, VENUES, type MinuteRange, type VenueSpec } from '#shared/venue-sessions.ts';
