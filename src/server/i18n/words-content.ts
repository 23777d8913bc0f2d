import type { Words } from './words';

// Making videos: scripts, the AI, avatars, voices, recordings, renders and the library: English → [French, Spanish].
export const CONTENT_WORDS: Words = {
  'Video not found': ['Vidéo introuvable', 'Vídeo no encontrado'],
  'Task not found': ['Tâche introuvable', 'Tarea no encontrada'],
  'Background not found': ['Arrière-plan introuvable', 'Fondo no encontrado'],
  'Template not found': ['Modèle introuvable', 'Plantilla no encontrada'],
  'File not found': ['Fichier introuvable', 'Archivo no encontrado'],
  'Voice not found': ['Voix introuvable', 'Voz no encontrada'],
  'Voice recording not found': ['Enregistrement de voix introuvable', 'Grabación de voz no encontrada'],
  'Avatar not found': ['Avatar introuvable', 'Avatar no encontrado'],
  'Please write a script first: the script is empty': ["Écrivez d'abord un script : le script est vide", 'Escribe primero un guion: el guion está vacío'],
  'The script must be at most {n} characters': ['Le script doit comporter {n} caractères au plus', 'El guion debe tener {n} caracteres como máximo'],
  'Script must be at most 5,000 characters': ['Le script doit comporter 5 000 caractères au plus', 'El guion debe tener 5.000 caracteres como máximo'],
  'Script must be at most 5000 characters': ['Le script doit comporter 5000 caractères au plus', 'El guion debe tener 5000 caracteres como máximo'],
  'Please choose an avatar': ['Choisissez un avatar', 'Elige un avatar'],
  'Only image files (PNG, JPEG or WebP) can be used as a background': [
    'Seules les images (PNG, JPEG ou WebP) peuvent servir d’arrière-plan',
    'Solo se pueden usar imágenes (PNG, JPEG o WebP) como fondo',
  ],
  'File must be 10MB or smaller': ['Le fichier doit faire 10 Mo au plus', 'El archivo debe ocupar 10 MB como máximo'],
  'Please choose an image file (field "file")': ['Choisissez un fichier image (champ « file »)', 'Elige un archivo de imagen (campo «file»)'],
  'circleBackgroundColor must be a colour such as #ffffff': [
    'circleBackgroundColor doit être une couleur comme #ffffff',
    'circleBackgroundColor debe ser un color como #ffffff',
  ],
  'Offsets must be between -1 and 1': ['Les décalages doivent être compris entre -1 et 1', 'Los desplazamientos deben estar entre -1 y 1'],
  'This template has a colour background': ['Ce modèle a un arrière-plan de couleur', 'Esta plantilla tiene un fondo de color'],
  'Record at least one sentence (fields "text" and "take", one pair a sentence)': [
    'Enregistrez au moins une phrase (champs « text » et « take », une paire par phrase)',
    'Graba al menos una frase (campos «text» y «take», un par por frase)',
  ],
  'Send one "text" for each "take", in the same order': [
    'Envoyez un « text » par « take », dans le même ordre',
    'Envía un «text» por cada «take», en el mismo orden',
  ],
  'A recording has at most {n} sentences': ['Un enregistrement compte {n} phrases au plus', 'Una grabación tiene {n} frases como máximo'],
  'Each sentence must be 1 to {n} characters': ['Chaque phrase doit comporter de 1 à {n} caractères', 'Cada frase debe tener de 1 a {n} caracteres'],
  'Sentences with variables are spoken by the chosen voice for each recipient: do not record them': [
    'Les phrases avec des variables sont dites par la voix choisie pour chaque destinataire : ne les enregistrez pas',
    'Las frases con variables las dice la voz elegida para cada destinatario: no las grabes',
  ],
  'Only audio recordings (WebM, Ogg, WAV, MP3, M4A or FLAC) can be used': [
    'Seuls les enregistrements audio (WebM, Ogg, WAV, MP3, M4A ou FLAC) sont acceptés',
    'Solo se aceptan grabaciones de audio (WebM, Ogg, WAV, MP3, M4A o FLAC)',
  ],
  'A take holds no sound that can be read': ['Une prise ne contient aucun son lisible', 'Una toma no contiene ningún sonido legible'],
  'A take is silent: check that your microphone is on and not muted': [
    'Une prise est silencieuse : vérifiez que votre micro est allumé et non coupé',
    'Una toma está en silencio: comprueba que el micrófono está encendido y sin silenciar',
  ],
  'Each take must be 10MB or smaller': ['Chaque prise doit faire 10 Mo au plus', 'Cada toma debe ocupar 10 MB como máximo'],
  'A recording must be 40MB or smaller': ['Un enregistrement doit faire 40 Mo au plus', 'Una grabación debe ocupar 40 MB como máximo'],
  'A recording can be at most {n} minutes long': ['Un enregistrement dure {n} minutes au plus', 'Una grabación puede durar {n} minutos como máximo'],
  'The recording does not match the script (a recorded sentence is no longer in it): record your voice again': [
    'L’enregistrement ne correspond plus au script (une phrase enregistrée n’y est plus) : enregistrez à nouveau votre voix',
    'La grabación no coincide con el guion (una frase grabada ya no está): vuelve a grabar tu voz',
  ],
  'Your own voice is rendered by the local engine only: choose a synthetic voice to render with': [
    'Votre propre voix n’est rendue que par le moteur local : choisissez une voix de synthèse pour ce rendu',
    'Tu propia voz solo la renderiza el motor local: elige una voz sintética para este renderizado',
  ],
  '{vendor} is no longer connected in this workspace': [
    '{vendor} n’est plus connecté dans cet espace de travail',
    '{vendor} ya no está conectado en este espacio de trabajo',
  ],
  '{vendor} is not connected in this workspace: connect it in Settings → Integrations': [
    '{vendor} n’est pas connecté dans cet espace de travail : connectez-le dans Paramètres → Intégrations',
    '{vendor} no está conectado en este espacio de trabajo: conéctalo en Ajustes → Integraciones',
  ],
  'The provider job was never submitted': ['La tâche du fournisseur n’a jamais été envoyée', 'El trabajo del proveedor nunca se envió'],
  '{vendor} did not finish the video within 2 hours': ['{vendor} n’a pas terminé la vidéo en 2 heures', '{vendor} no terminó el vídeo en 2 horas'],
  'Custom avatars are rendered by the local engine only; choose a stock avatar to render with {vendor}': [
    'Les avatars personnalisés ne sont rendus que par le moteur local ; choisissez un avatar de la bibliothèque pour un rendu avec {vendor}',
    'Los avatares personalizados solo los renderiza el motor local; elige un avatar de la biblioteca para renderizar con {vendor}',
  ],
  'A shared part of the video went missing': ['Une partie commune de la vidéo a disparu', 'Se ha perdido una parte común del vídeo'],
  'The render stopped unexpectedly. Please try again.': [
    'Le rendu s’est arrêté de façon inattendue. Réessayez.',
    'El renderizado se detuvo inesperadamente. Inténtalo de nuevo.',
  ],
  'We found more than one face in this photo. Please upload a photo of one person only.': [
    'Nous avons trouvé plus d’un visage sur cette photo. Envoyez une photo d’une seule personne.',
    'Encontramos más de una cara en esta foto. Sube una foto de una sola persona.',
  ],
  'We found more than one face in this clip. Please upload a clip of one person only.': [
    'Nous avons trouvé plus d’un visage dans ce clip. Envoyez un clip d’une seule personne.',
    'Encontramos más de una cara en este clip. Sube un clip de una sola persona.',
  ],
  'This clip is too short. Please upload a clip of 10 to 60 seconds.': [
    'Ce clip est trop court. Envoyez un clip de 10 à 60 secondes.',
    'Este clip es demasiado corto. Sube un clip de 10 a 60 segundos.',
  ],
  'This video has no picture. Please upload a clip of one person facing the camera.': [
    'Cette vidéo n’a pas d’image. Envoyez un clip d’une personne face à la caméra.',
    'Este vídeo no tiene imagen. Sube un clip de una persona mirando a la cámara.',
  ],
  'Please provide a title for your video': ['Donnez un titre à votre vidéo', 'Pon un título a tu vídeo'],
  'The video address must be a stored file (/files/…) or an http(s) link': [
    'L’adresse de la vidéo doit être un fichier stocké (/files/…) ou un lien http(s)',
    'La dirección del vídeo debe ser un archivo guardado (/files/…) o un enlace http(s)',
  ],
  'The thumbnail address must be a stored file (/files/…) or an http(s) link': [
    'L’adresse de la miniature doit être un fichier stocké (/files/…) ou un lien http(s)',
    'La dirección de la miniatura debe ser un archivo guardado (/files/…) o un enlace http(s)',
  ],
  'Only a finished video can be published': ['Seule une vidéo terminée peut être publiée', 'Solo se puede publicar un vídeo terminado'],
  'This video has no file to download yet': ['Cette vidéo n’a pas encore de fichier à télécharger', 'Este vídeo aún no tiene archivo para descargar'],
  'This video is stored elsewhere: open its link to download it': [
    'Cette vidéo est stockée ailleurs : ouvrez son lien pour la télécharger',
    'Este vídeo está guardado en otro sitio: abre su enlace para descargarlo',
  ],
  'Stock avatars cannot be deleted': ['Les avatars de la bibliothèque ne peuvent pas être supprimés', 'Los avatares de la biblioteca no se pueden eliminar'],
  'Please upload an image (PNG, JPEG or WebP) or a video (MP4 or QuickTime)': [
    'Envoyez une image (PNG, JPEG ou WebP) ou une vidéo (MP4 ou QuickTime)',
    'Sube una imagen (PNG, JPEG o WebP) o un vídeo (MP4 o QuickTime)',
  ],
  'No file selected: Please upload an image or video first': [
    'Aucun fichier choisi : envoyez d’abord une image ou une vidéo',
    'Ningún archivo elegido: sube primero una imagen o un vídeo',
  ],
  'Unknown upload: please upload an image or video first': [
    'Envoi inconnu : envoyez d’abord une image ou une vidéo',
    'Archivo desconocido: sube primero una imagen o un vídeo',
  ],
  'This custom avatar is still being prepared': ['Cet avatar personnalisé est encore en préparation', 'Este avatar personalizado aún se está preparando'],
  'This custom avatar could not be prepared': ['Cet avatar personnalisé n’a pas pu être préparé', 'Este avatar personalizado no se pudo preparar'],
  'This custom avatar could not be prepared: {reason}': [
    'Cet avatar personnalisé n’a pas pu être préparé : {reason}',
    'Este avatar personalizado no se pudo preparar: {reason}',
  ],
  'unknown error': ['erreur inconnue', 'error desconocido'],
  'Write the script first: the voice reads its first sentence': [
    'Écrivez d’abord le script : la voix en lit la première phrase',
    'Escribe primero el guion: la voz lee su primera frase',
  ],
  'Too many samples in a minute, try again shortly': [
    'Trop d’extraits en une minute, réessayez dans un instant',
    'Demasiadas muestras en un minuto, inténtalo en un momento',
  ],
  'No script to enhance': ['Aucun script à améliorer', 'No hay guion que mejorar'],
  'Campaign details are required': ['Les détails de la campagne sont obligatoires', 'Los detalles de la campaña son obligatorios'],
  'Please describe the campaign: a name, a description or a product': [
    'Décrivez la campagne : un nom, une description ou un produit',
    'Describe la campaña: un nombre, una descripción o un producto',
  ],
  'maxLength must be at most {n}': ['maxLength doit valoir {n} au plus', 'maxLength debe ser como máximo {n}'],
  'maxLength must be at least {n}': ['maxLength doit valoir au moins {n}', 'maxLength debe ser como mínimo {n}'],
  'Platform must be one of {list}': ['La plateforme doit être l’une de : {list}', 'La plataforma debe ser una de: {list}'],
  'Failed to generate script': ['Échec de la génération du script', 'No se pudo generar el guion'],
  'Failed to enhance script': ['Échec de l’amélioration du script', 'No se pudo mejorar el guion'],
  'Failed to generate message suggestion': ['Échec de la suggestion de message', 'No se pudo generar la sugerencia de mensaje'],
  '{failure}: the assistant returned an empty text': ['{failure} : l’assistant a renvoyé un texte vide', '{failure}: el asistente devolvió un texto vacío'],
  'The AI service did not answer within {n} seconds': ['Le service d’IA n’a pas répondu en {n} secondes', 'El servicio de IA no respondió en {n} segundos'],
  'The AI service at {origin} could not be reached': ['Le service d’IA à {origin} est injoignable', 'No se pudo contactar con el servicio de IA en {origin}'],
  'The AI service returned an unexpected response (not JSON)': [
    'Le service d’IA a renvoyé une réponse inattendue (pas du JSON)',
    'El servicio de IA devolvió una respuesta inesperada (no es JSON)',
  ],
  'The AI service returned an unexpected response (no message in choices)': [
    'Le service d’IA a renvoyé une réponse inattendue (aucun message)',
    'El servicio de IA devolvió una respuesta inesperada (sin mensaje)',
  ],
  'The AI service returned an empty text': ['Le service d’IA a renvoyé un texte vide', 'El servicio de IA devolvió un texto vacío'],
  'The AI service refused the API key (HTTP {status}); check OPENAI_API_KEY': [
    'Le service d’IA a refusé la clé API (HTTP {status}) ; vérifiez OPENAI_API_KEY',
    'El servicio de IA rechazó la clave API (HTTP {status}); revisa OPENAI_API_KEY',
  ],
  'The AI service is busy (rate limit reached); please try again in a moment': [
    'Le service d’IA est saturé (limite atteinte) ; réessayez dans un instant',
    'El servicio de IA está saturado (límite alcanzado); inténtalo en un momento',
  ],
  'The AI service failed (HTTP {status}){detail}': ['Le service d’IA a échoué (HTTP {status}){detail}', 'El servicio de IA falló (HTTP {status}){detail}'],
  'The AI service refused the request (HTTP {status}){detail}': [
    'Le service d’IA a refusé la demande (HTTP {status}){detail}',
    'El servicio de IA rechazó la solicitud (HTTP {status}){detail}',
  ],
  'The stored key can no longer be read: enter it again': [
    'La clé enregistrée n’est plus lisible : saisissez-la à nouveau',
    'La clave guardada ya no se puede leer: introdúcela de nuevo',
  ],
  'This provider is not connected in this workspace': [
    'Ce fournisseur n’est pas connecté dans cet espace de travail',
    'Este proveedor no está conectado en este espacio de trabajo',
  ],
  'Enter the API key': ['Saisissez la clé API', 'Introduce la clave API'],
  'Enter the API ID': ['Saisissez l’identifiant API', 'Introduce el ID de la API'],
  'Enter the server address': ['Saisissez l’adresse du serveur', 'Introduce la dirección del servidor'],
  'The server address must start with http:// or https://': [
    'L’adresse du serveur doit commencer par http:// ou https://',
    'La dirección del servidor debe empezar por http:// o https://',
  ],
  'The API key is too long': ['La clé API est trop longue', 'La clave API es demasiado larga'],
  'The sample must be an audio recording (WAV, MP3, M4A, WebM or Ogg)': [
    'L’extrait doit être un enregistrement audio (WAV, MP3, M4A, WebM ou Ogg)',
    'La muestra debe ser una grabación de audio (WAV, MP3, M4A, WebM u Ogg)',
  ],
  'The sample must be at most 20 MB': ['L’extrait doit faire 20 Mo au plus', 'La muestra debe ocupar 20 MB como máximo'],
  'The sample must last at least 20 seconds': ['L’extrait doit durer au moins 20 secondes', 'La muestra debe durar al menos 20 segundos'],
  'The sample must last at most 3 minutes': ['L’extrait doit durer 3 minutes au plus', 'La muestra debe durar 3 minutos como máximo'],
  'Give the voice a name': ['Donnez un nom à la voix', 'Ponle un nombre a la voz'],
};
