import type { ExitType } from '@resiport/contract';
import { AppError } from '../../errors';

/** An exit as the console is about to store it (the contract checked each field on its own). */
export interface ExitShape {
  type: ExitType;
  host: string | null;
  port: number | null;
  username: string | null;
  hasPassword: boolean;
  country: string | null;
  state: string | null;
  city: string | null;
  forward_targeting: boolean;
}

/**
 * The rules between fields, each with its own code (the database keeps the address rules too):
 * a direct exit has nothing of an upstream; an upstream needs its address; a place tag needs the
 * country it is in (the username grammar never asks for a state or city without one); a password
 * is sent only with a username.
 */
export function checkExitShape(exit: ExitShape): void {
  if (exit.type === 'direct') {
    if (exit.forward_targeting) throw new AppError('ExitForwardTargetingDirect');
    if (exit.host !== null || exit.port !== null || exit.username !== null || exit.hasPassword) {
      throw new AppError('ExitDirectHasUpstreamFields');
    }
  } else if (exit.host === null || exit.port === null) {
    throw new AppError('ExitAddressRequired');
  }
  if ((exit.state !== null || exit.city !== null) && exit.country === null) {
    throw new AppError('ExitPlaceWithoutCountry');
  }
  if (exit.hasPassword && exit.username === null) throw new AppError('ExitPasswordWithoutUsername');
}
