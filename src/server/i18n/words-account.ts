import type { Words } from './words';

// Signing in, the account, settings, workspaces, plans and billing: English → [French, Spanish].
export const ACCOUNT_WORDS: Words = {
  'Not authenticated': ['Non authentifié', 'No autenticado'],
  'Invalid username or password': ["Nom d'utilisateur ou mot de passe incorrect", 'Nombre de usuario o contraseña incorrectos'],
  'Current password is incorrect': ['Le mot de passe actuel est incorrect', 'La contraseña actual es incorrecta'],
  'Current password is required': ['Le mot de passe actuel est obligatoire', 'La contraseña actual es obligatoria'],
  'This email is already registered': ['Cette adresse e-mail est déjà enregistrée', 'Este correo electrónico ya está registrado'],
  'This username is already taken': ["Ce nom d'utilisateur est déjà pris", 'Este nombre de usuario ya está en uso'],
  'Too many sign-ups from this address. Please try again in {n} minute(s).': [
    'Trop d’inscriptions depuis cette adresse. Réessayez dans {n} minute(s).',
    'Demasiados registros desde esta dirección. Inténtalo de nuevo en {n} minuto(s).',
  ],
  'Too many failed login attempts. Please try again in {n} minute(s).': [
    'Trop de tentatives de connexion échouées. Réessayez dans {n} minute(s).',
    'Demasiados intentos de inicio de sesión fallidos. Inténtalo de nuevo en {n} minuto(s).',
  ],
  '{what}. Please try again in {n} minute(s).': ['{what}. Réessayez dans {n} minute(s).', '{what}. Inténtalo de nuevo en {n} minuto(s).'],
  'Too many reset requests. Please try again later.': [
    'Trop de demandes de réinitialisation. Réessayez plus tard.',
    'Demasiadas solicitudes de restablecimiento. Inténtalo más tarde.',
  ],
  'This reset link is invalid or has expired': [
    'Ce lien de réinitialisation est invalide ou a expiré',
    'Este enlace de restablecimiento no es válido o ha caducado',
  ],
  'This sign-in has expired. Please sign in again.': [
    'Cette connexion a expiré. Connectez-vous à nouveau.',
    'Este inicio de sesión ha caducado. Vuelve a iniciar sesión.',
  ],
  'Invalid code': ['Code invalide', 'Código no válido'],
  'Two-factor code required': ['Code à deux facteurs requis', 'Se requiere el código de dos factores'],
  'Two-factor sign-in is already on': ['La connexion à deux facteurs est déjà activée', 'El inicio de sesión en dos pasos ya está activado'],
  'Start the set-up again': ['Recommencez la configuration', 'Vuelve a empezar la configuración'],
  'Password or code is incorrect': ['Mot de passe ou code incorrect', 'Contraseña o código incorrectos'],
  'This confirmation link is invalid or has expired': [
    'Ce lien de confirmation est invalide ou a expiré',
    'Este enlace de confirmación no es válido o ha caducado',
  ],
  'Your e-mail address is already confirmed': ['Votre adresse e-mail est déjà confirmée', 'Tu dirección de correo ya está confirmada'],
  'Enter your current password to change your e-mail address': [
    'Saisissez votre mot de passe actuel pour changer votre adresse e-mail',
    'Introduce tu contraseña actual para cambiar tu dirección de correo',
  ],
  'Too many confirmation e-mails. Please try again later.': [
    'Trop d’e-mails de confirmation. Réessayez plus tard.',
    'Demasiados correos de confirmación. Inténtalo más tarde.',
  ],
  'Email or username is required': ["L'e-mail ou le nom d'utilisateur est obligatoire", 'El correo o el nombre de usuario es obligatorio'],
  'Email is required': ["L'e-mail est obligatoire", 'El correo es obligatorio'],
  'Password is required': ['Le mot de passe est obligatoire', 'La contraseña es obligatoria'],
  'Full name is required': ['Le nom complet est obligatoire', 'El nombre completo es obligatorio'],
  'Invalid email address': ['Adresse e-mail invalide', 'Dirección de correo no válida'],
  'Username must be at least 3 characters': [
    "Le nom d'utilisateur doit comporter au moins 3 caractères",
    'El nombre de usuario debe tener al menos 3 caracteres',
  ],
  'Password must be at least 8 characters': ['Le mot de passe doit comporter au moins 8 caractères', 'La contraseña debe tener al menos 8 caracteres'],
  'Passwords do not match': ['Les mots de passe ne correspondent pas', 'Las contraseñas no coinciden'],
  'User not found': ['Utilisateur introuvable', 'Usuario no encontrado'],
  'This needs a signed-in browser session: API keys cannot change the account': [
    'Il faut une session ouverte dans le navigateur : les clés API ne peuvent pas modifier le compte',
    'Se necesita una sesión iniciada en el navegador: las claves API no pueden cambiar la cuenta',
  ],
  'Spending needs a signed-in browser session, or an API key created with the billing scope (Settings → Advanced → API keys)': [
    'Dépenser demande une session ouverte dans le navigateur, ou une clé API créée avec la portée facturation (Paramètres → Avancé → Clés API)',
    'Gastar requiere una sesión iniciada en el navegador, o una clave API creada con el ámbito de facturación (Ajustes → Avanzado → Claves API)',
  ],
  'Only {who} of this workspace can do this': ['Seuls {who} de cet espace de travail peuvent le faire', 'Solo {who} de este espacio de trabajo pueden hacerlo'],
  'Brand colour must be a hex colour such as #4f46e5': [
    'La couleur de marque doit être une couleur hexadécimale comme #4f46e5',
    'El color de marca debe ser un color hexadecimal como #4f46e5',
  ],
  'This picture is too large: please upload one under 40 megapixels, at most 12,000 pixels on a side': [
    'Cette image est trop grande : envoyez-en une de moins de 40 mégapixels, 12 000 pixels de côté au plus',
    'Esta imagen es demasiado grande: sube una de menos de 40 megapíxeles, 12.000 píxeles por lado como máximo',
  ],
  'We could not read this picture. Please upload a PNG, JPEG or WebP photo.': [
    'Nous n’avons pas pu lire cette image. Envoyez une photo PNG, JPEG ou WebP.',
    'No pudimos leer esta imagen. Sube una foto PNG, JPEG o WebP.',
  ],
  'Logo must be a PNG, JPEG or WebP image': ['Le logo doit être une image PNG, JPEG ou WebP', 'El logotipo debe ser una imagen PNG, JPEG o WebP'],
  'Logo must be 2MB or smaller': ['Le logo doit faire 2 Mo au plus', 'El logotipo debe ocupar 2 MB como máximo'],
  'Please choose an image file (field "logo")': ['Choisissez un fichier image (champ « logo »)', 'Elige un archivo de imagen (campo «logo»)'],
  'Theme must be light, dark or system': ['Le thème doit être clair, sombre ou système', 'El tema debe ser claro, oscuro o del sistema'],
  'Language must be one of en, fr, es, de, it, pt': ['La langue doit être en, fr, es, de, it ou pt', 'El idioma debe ser en, fr, es, de, it o pt'],
  'The confirmation text does not match': ['Le texte de confirmation ne correspond pas', 'El texto de confirmación no coincide'],
  'This export has expired': ['Cet export a expiré', 'Esta exportación ha caducado'],
  'An export is already being prepared': ['Un export est déjà en préparation', 'Ya se está preparando una exportación'],
  'Workspace not found': ['Espace de travail introuvable', 'Espacio de trabajo no encontrado'],
  'Member not found': ['Membre introuvable', 'Miembro no encontrado'],
  'Invitation not found': ['Invitation introuvable', 'Invitación no encontrada'],
  'This address was invited a moment ago. You can send the invitation again in a few minutes.': [
    'Cette adresse vient d’être invitée. Vous pourrez renvoyer l’invitation dans quelques minutes.',
    'Esta dirección acaba de ser invitada. Podrás volver a enviar la invitación en unos minutos.',
  ],
  'Confirm your e-mail address first: open the link we e-mailed you, then accept the invitation.': [
    'Confirmez d’abord votre adresse e-mail : ouvrez le lien que nous vous avons envoyé, puis acceptez l’invitation.',
    'Confirma primero tu dirección de correo: abre el enlace que te enviamos y luego acepta la invitación.',
  ],
  'Your {plan} plan has no seats for team members. Upgrade to Pro to invite up to {n} members.': [
    'Votre forfait {plan} ne comprend pas de places pour des membres. Passez à Pro pour inviter jusqu’à {n} membres.',
    'Tu plan {plan} no incluye puestos para miembros. Pasa a Pro para invitar hasta {n} miembros.',
  ],
  '{address} is already a member of this workspace': [
    '{address} est déjà membre de cet espace de travail',
    '{address} ya es miembro de este espacio de trabajo',
  ],
  'All {n} seats of your {plan} plan are taken by members and pending invitations. Remove a member or revoke an invitation to invite someone else.': [
    'Les {n} places de votre forfait {plan} sont prises par des membres et des invitations en attente. Retirez un membre ou révoquez une invitation pour inviter quelqu’un d’autre.',
    'Los {n} puestos de tu plan {plan} están ocupados por miembros e invitaciones pendientes. Quita un miembro o revoca una invitación para invitar a otra persona.',
  ],
  'This invitation link is invalid or was withdrawn': [
    "Ce lien d'invitation est invalide ou a été retiré",
    'Este enlace de invitación no es válido o fue retirado',
  ],
  'This invitation has already been used': ['Cette invitation a déjà été utilisée', 'Esta invitación ya se ha usado'],
  'This invitation has expired. Ask for a new one.': ['Cette invitation a expiré. Demandez-en une nouvelle.', 'Esta invitación ha caducado. Pide una nueva.'],
  'This invitation was sent to {email}. Sign in with that address to accept it.': [
    'Cette invitation a été envoyée à {email}. Connectez-vous avec cette adresse pour l’accepter.',
    'Esta invitación se envió a {email}. Inicia sesión con esa dirección para aceptarla.',
  ],
  'Subscription not found': ['Abonnement introuvable', 'Suscripción no encontrada'],
  'Unknown plan': ['Forfait inconnu', 'Plan desconocido'],
  'Billing cycle must be monthly or yearly': ['La périodicité doit être mensuelle ou annuelle', 'El ciclo de facturación debe ser mensual o anual'],
  'Unknown render tier': ['Niveau de rendu inconnu', 'Nivel de renderizado desconocido'],
  'Enter a valid card number': ['Saisissez un numéro de carte valide', 'Introduce un número de tarjeta válido'],
  'Enter a valid expiry date': ["Saisissez une date d'expiration valide", 'Introduce una fecha de caducidad válida'],
  'This card has expired': ['Cette carte a expiré', 'Esta tarjeta ha caducado'],
  'Enter the 3 or 4 digit security code': ['Saisissez le code de sécurité à 3 ou 4 chiffres', 'Introduce el código de seguridad de 3 o 4 dígitos'],
  'Name on card must be at most 100 characters': [
    'Le nom sur la carte doit comporter 100 caractères au plus',
    'El nombre en la tarjeta debe tener 100 caracteres como máximo',
  ],
  'Idempotency-Key must be 1 to 200 printable characters': [
    'Idempotency-Key doit comporter de 1 à 200 caractères imprimables',
    'Idempotency-Key debe tener de 1 a 200 caracteres imprimibles',
  ],
  'API key not found': ['Clé API introuvable', 'Clave API no encontrada'],
  'Unknown API key scope': ['Portée de clé API inconnue', 'Ámbito de clave API desconocido'],
  // Plan limits, built from parts (billing/limits.ts): each part is translated in turn.
  'You have used the {n} videos of your {plan} plan{tier} this month.{lift}': [
    'Vous avez utilisé les {n} vidéos de votre forfait {plan}{tier} ce mois-ci.{lift}',
    'Has usado los {n} vídeos de tu plan {plan}{tier} este mes.{lift}',
  ],
  ' (with the {tier} render tier)': [' (avec le niveau de rendu {tier})', ' (con el nivel de renderizado {tier})'],
  ' Upgrade to {plan} for unlimited videos.': [' Passez à {plan} pour des vidéos illimitées.', ' Pasa a {plan} para vídeos ilimitados.'],
  ' Upgrade to {plan} for {n} a month.': [' Passez à {plan} pour {n} par mois.', ' Pasa a {plan} para {n} al mes.'],
  'This would take your storage past the {size} of your {plan} plan{used}.{lift}': [
    'Votre stockage dépasserait les {size} de votre forfait {plan}{used}.{lift}',
    'Tu almacenamiento superaría los {size} de tu plan {plan}{used}.{lift}',
  ],
  ' ({size} used)': [' ({size} utilisés)', ' ({size} usados)'],
  ' Delete some videos or upgrade to {plan} for {size}.': [
    ' Supprimez des vidéos ou passez à {plan} pour {size}.',
    ' Elimina algunos vídeos o pasa a {plan} para {size}.',
  ],
  ' Delete some videos to make room.': [' Supprimez des vidéos pour faire de la place.', ' Elimina algunos vídeos para hacer sitio.'],
  'This script makes a video of about {n} minutes; your {plan} plan allows videos up to {max} minutes.{lift}': [
    'Ce script donne une vidéo d’environ {n} minutes ; votre forfait {plan} permet des vidéos de {max} minutes au plus.{lift}',
    'Este guion da un vídeo de unos {n} minutos; tu plan {plan} permite vídeos de hasta {max} minutos.{lift}',
  ],
  ' Shorten the script or upgrade to {plan} for videos up to {max} minutes.': [
    ' Raccourcissez le script ou passez à {plan} pour des vidéos jusqu’à {max} minutes.',
    ' Acorta el guion o pasa a {plan} para vídeos de hasta {max} minutos.',
  ],
  ' Shorten the script.': [' Raccourcissez le script.', ' Acorta el guion.'],
  'Your {plan} plan allows {n} social profiles.{lift}': [
    'Votre forfait {plan} permet {n} profils sociaux.{lift}',
    'Tu plan {plan} permite {n} perfiles sociales.{lift}',
  ],
  ' Disconnect one or upgrade to {plan} for unlimited profiles.': [
    ' Déconnectez-en un ou passez à {plan} pour des profils illimités.',
    ' Desconecta uno o pasa a {plan} para perfiles ilimitados.',
  ],
  ' Disconnect one or upgrade to {plan} for {n}.': [' Déconnectez-en un ou passez à {plan} pour {n}.', ' Desconecta uno o pasa a {plan} para {n}.'],
  ' Disconnect one to connect another.': [' Déconnectez-en un pour en connecter un autre.', ' Desconecta uno para conectar otro.'],
  'Your subscription has ended. Choose a plan on the Subscription page to keep creating videos.': [
    'Votre abonnement est terminé. Choisissez un forfait sur la page Abonnement pour continuer à créer des vidéos.',
    'Tu suscripción ha terminado. Elige un plan en la página Suscripción para seguir creando vídeos.',
  ],
  'The {tier} render tier ({what}) is not included in your {plan} plan. Buy it for ${price} a month on the Payment step{lift}.': [
    'Le niveau de rendu {tier} ({what}) n’est pas inclus dans votre forfait {plan}. Achetez-le pour {price} $ par mois à l’étape Paiement{lift}.',
    'El nivel de renderizado {tier} ({what}) no está incluido en tu plan {plan}. Cómpralo por {price} $ al mes en el paso Pago{lift}.',
  ],
  ' or upgrade to {plan}': [' ou passez à {plan}', ' o pasa a {plan}'],
  'Webhooks are not included in your {plan} plan.{lift}': [
    'Les webhooks ne sont pas inclus dans votre forfait {plan}.{lift}',
    'Los webhooks no están incluidos en tu plan {plan}.{lift}',
  ],
  ' Upgrade to {plan} to send events to your endpoints.': [
    ' Passez à {plan} pour envoyer les événements à vos points de terminaison.',
    ' Pasa a {plan} para enviar los eventos a tus endpoints.',
  ],
};
