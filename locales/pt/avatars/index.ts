import en_avatars from '../../en/avatars';
import { namespaceWithFallback } from '../../fallback';
import type { NamespaceAvatarsTranslation } from '../../i18n-types';

// No full table for this language yet: the keys given here, English for the rest.
const pt_avatars = namespaceWithFallback<NamespaceAvatarsTranslation>(en_avatars, {});

export default pt_avatars;
