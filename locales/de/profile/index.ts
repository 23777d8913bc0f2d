import en_profile from '../../en/profile';
import { namespaceWithFallback } from '../../fallback';
import type { NamespaceProfileTranslation } from '../../i18n-types';

// No full table for this language yet: the keys given here, English for the rest.
const de_profile = namespaceWithFallback<NamespaceProfileTranslation>(en_profile, {});

export default de_profile;
