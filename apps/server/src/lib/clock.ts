/** The app's notion of now; tests pass a movable clock to check expiry without sleeping. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}
