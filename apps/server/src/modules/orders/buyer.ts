import type { FastifyRequest } from 'fastify';
import { currentAccount } from '../../plugins/auth';
import type { Buyer } from './order-quote.service';

/**
 * Who is buying, and from which address (the trial is once per account and per address;
 * `::ffff:1.2.3.4` is `1.2.3.4`).
 */
export function buyerOf(request: FastifyRequest): Buyer {
  return { id: currentAccount(request).id, ip: request.ip.replace(/^::ffff:(?=\d+\.)/, '') };
}
