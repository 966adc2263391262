import { account } from './account';
import { auth } from './auth';
import { common } from './common';
import { dashboard } from './dashboard';
import { layout } from './layout';
import { menu } from './menu';
import { orders } from './orders';
import { proxy } from './proxy';
import { recharge } from './recharge';
import { usage } from './usage';

/** English: the reference catalogue every other language is typed against. */
const messages = {
  ...common,
  ...menu,
  ...layout,
  ...auth,
  ...account,
  ...dashboard,
  ...orders,
  ...proxy,
  ...recharge,
  ...usage,
};

export default messages;
