/** What other modules may read of an account row; they never query `accounts` themselves. */
export { findTrafficFigures } from './account.repository';
