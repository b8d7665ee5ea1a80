import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { LIST_DEFAULTS } from '../../../components/resource/list-search';
import { imagesQuery } from '../../../features/images/api';
import { ImagesPage } from '../../../features/images/components/images-page';
import { imageSearchSchema } from '../../../features/images/model';

export const Route = createFileRoute('/_console/users/image')({
  validateSearch: imageSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(imagesQuery(deps));
  },
  component: ImagesPage,
});
