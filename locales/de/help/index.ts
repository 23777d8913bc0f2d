import en_help from '../../en/help';
import { namespaceWithFallback } from '../../fallback';
import type { NamespaceHelpTranslation } from '../../i18n-types';

// No full table for this language yet: the keys given here, English for the rest.
const de_help = namespaceWithFallback<NamespaceHelpTranslation>(en_help, {});

export default de_help;
