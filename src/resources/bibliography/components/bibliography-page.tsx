import { ResourcePage } from '../../../components/resource/list/resource-page';
import { bibliographyScreen } from '../resource';

/** /web/bibliography. */
export function BibliographyPage() {
  return <ResourcePage resource={bibliographyScreen} />;
}
