/**
 * One column per seat from the small breakpoint up; on a phone two per row, so a 4-seat room's reels and
 * item lists stay wide enough to read. The seat count comes in the `--seats` custom property.
 */
export const seatColumns = 'grid grid-cols-2 gap-2 sm:[grid-template-columns:repeat(var(--seats),minmax(0,1fr))]';
