import en_shareLink from '../../en/shareLink';
import { namespaceWithFallback } from '../../fallback';
import type { NamespaceShareLinkTranslation } from '../../i18n-types';

// No full table for this language yet: the keys given here, English for the rest.
const pt_shareLink = namespaceWithFallback<NamespaceShareLinkTranslation>(en_shareLink, {});

export default pt_shareLink;
