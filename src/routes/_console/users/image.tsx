import { msg } from '@lingui/core/macro';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../components/resource/list-search';
import { imagesQuery } from '../../../resources/image/api';
import { ImagesPage } from '../../../resources/image/components/images-page';
import { imageSearchSchema } from '../../../resources/image/model';
import { imageSpec } from '../../../resources/image/spec';

export const Route = createFileRoute('/_console/users/image')({
  staticData: { title: msg`Images`, ...imageSpec.menu, roles: imageSpec.roles },
  validateSearch: imageSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(imagesQuery(deps));
  },
  component: ImagesPage,
});
