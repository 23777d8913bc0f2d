import en_social from '../../en/social';
import { namespaceWithFallback } from '../../fallback';
import type { NamespaceSocialTranslation } from '../../i18n-types';

// No full table for this language yet: the keys given here, English for the rest.
const pt_social = namespaceWithFallback<NamespaceSocialTranslation>(en_social, {});

export default pt_social;
