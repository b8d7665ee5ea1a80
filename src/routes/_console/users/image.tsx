import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { imagesQuery } from '../../../resources/image/api';
import { ImagesPage } from '../../../resources/image/components/images-page';
import { imageSearchSchema } from '../../../resources/image/model';
import { imageSpec } from '../../../resources/image/spec';
import { listRoute } from '../../-list-route';

export const Route = createFileRoute('/_console/users/image')({
  staticData: { title: msg`Images`, ...imageSpec.menu, roles: imageSpec.roles },
  ...listRoute(imageSearchSchema, (deps, queryClient) => queryClient.prefetchQuery(imagesQuery(deps))),
  component: ImagesPage,
});
