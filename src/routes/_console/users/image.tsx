import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { imagesQuery } from '../../../resources/image/api';
import { ImagesPage } from '../../../resources/image/components/images-page';
import { imageSearchSchema } from '../../../resources/image/model';
import { imageSpec } from '../../../resources/image/spec';
import { listRoute } from '../../-list-route';

/**
 * Staff look for the image library with the content it serves (banners, news, videos), so the menu
 * lists it under Interface management; its URL stays /users/image for bookmarks and links.
 */
export const Route = createFileRoute('/_console/users/image')({
  staticData: { title: msg`Images`, ...imageSpec.menu, group: '/web', roles: imageSpec.roles },
  ...listRoute(imageSearchSchema, (deps, queryClient) => queryClient.prefetchQuery(imagesQuery(deps))),
  component: ImagesPage,
});
