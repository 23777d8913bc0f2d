import en_tutorial from '../../en/tutorial';
import { namespaceWithFallback } from '../../fallback';
import type { NamespaceTutorialTranslation } from '../../i18n-types';

// No full table for this language yet: the keys given here, English for the rest.
const de_tutorial = namespaceWithFallback<NamespaceTutorialTranslation>(en_tutorial, {});

export default de_tutorial;
