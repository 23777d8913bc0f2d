import en_workspaces from '../../en/workspaces';
import { namespaceWithFallback } from '../../fallback';
import type { NamespaceWorkspacesTranslation } from '../../i18n-types';

// No full table for this language yet: the keys given here, English for the rest.
const it_workspaces = namespaceWithFallback<NamespaceWorkspacesTranslation>(en_workspaces, {});

export default it_workspaces;
