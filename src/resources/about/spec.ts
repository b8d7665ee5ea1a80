import { defineSpec } from '../../contract/resource-spec';

/** About us: the company text (`/company`) and the site links (`/url`). */
export const aboutSpec = defineSpec({
  api: 'company',
  single: true,
  roles: 'everyone',
  menu: { screen: '/web/aboutus', icon: 'documentation', order: 12 },
});
