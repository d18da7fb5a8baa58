import { digestHour, type DeliveryTiming } from '../../vocabulary/deliveries.ts';

/**
 * When a match goes out: at once, or at the reader's next digest time, a fixed local time in their
 * time zone (alert_settings.time_zone, default UTC): hourly on the hour, daily at 08:00, weekly on
 * Monday at 08:00, monthly on the 1st at 08:00. Computed from the clock passed in (tests pass theirs).
 */

type WallTime = { year: number; month: number; day: number; hour: number; minute: number; weekday: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function wallTime(instant: Date, timeZone: string): WallTime {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', weekday: 'short' });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, part.value]));
  const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute), weekday: weekdays.indexOf(parts.weekday!) };
}

/** The instant a local wall time (on the hour) names in the zone; in a DST gap, the hour after. */
function instantOf(local: { year: number; month: number; day: number; hour: number }, timeZone: string): Date {
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour);
  let guess = asUtc;
  for (let pass = 0; pass < 3; pass++) {
    const wall = wallTime(new Date(guess), timeZone);
    const offset = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - guess;
    guess = asUtc - offset;
  }
  return new Date(guess);
}

/** The local calendar day `days` after the given one (month and year roll over). */
function addDays(local: { year: number; month: number; day: number }, days: number) {
  const date = new Date(Date.UTC(local.year, local.month - 1, local.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The first digest time of the cadence strictly after `now`; `now` itself for immediate. */
export function nextDeliveryTime(cadence: DeliveryTiming, timeZone: string, now: Date): Date {
  if (cadence === 'immediate') return now;
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC';
  const wall = wallTime(now, zone);
  const candidates: Date[] = [];
  if (cadence === 'hourly') {
    for (let hours = 1; hours <= 3; hours++) candidates.push(instantOf({ ...wall, hour: wall.hour + hours }, zone));
  } else if (cadence === 'daily') {
    for (let days = 0; days <= 2; days++) candidates.push(instantOf({ ...addDays(wall, days), hour: digestHour }, zone));
  } else if (cadence === 'weekly') {
    const untilMonday = (8 - wall.weekday) % 7;
    for (const days of [untilMonday, untilMonday + 7]) candidates.push(instantOf({ ...addDays(wall, days), hour: digestHour }, zone));
  } else {
    for (let months = 0; months <= 1; months++) {
      const first = new Date(Date.UTC(wall.year, wall.month - 1 + months, 1));
      candidates.push(instantOf({ year: first.getUTCFullYear(), month: first.getUTCMonth() + 1, day: 1, hour: digestHour }, zone));
    }
  }
  return candidates.filter((candidate) => candidate > now).sort((a, b) => a.getTime() - b.getTime())[0]!;
}

/** The sooner of two cadences' times: a policy two rules match goes out with the earlier. */
export function soonestCadence(cadences: readonly DeliveryTiming[], timeZone: string, now: Date): { cadence: DeliveryTiming; dueAt: Date } {
  return cadences
    .map((cadence) => ({ cadence, dueAt: nextDeliveryTime(cadence, timeZone, now) }))
    .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime())[0]!;
}
