import en_camera from '../../en/camera';
import { namespaceWithFallback } from '../../fallback';
import type { NamespaceCameraTranslation } from '../../i18n-types';

// No full table for this language yet: the keys given here, English for the rest.
const de_camera = namespaceWithFallback<NamespaceCameraTranslation>(en_camera, {});

export default de_camera;
