import { ResourcePage } from '../../../components/resource/resource-page';
import { bibliographyResource } from '../resource';

/** /web/bibliography. */
export function BibliographyPage() {
  return <ResourcePage resource={bibliographyResource} />;
}
