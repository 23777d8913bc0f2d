import en_publishing from '../../en/publishing';
import { namespaceWithFallback } from '../../fallback';
import type { NamespacePublishingTranslation } from '../../i18n-types';

// No full table for this language yet: the keys given here, English for the rest.
const pt_publishing = namespaceWithFallback<NamespacePublishingTranslation>(en_publishing, {});

export default pt_publishing;
