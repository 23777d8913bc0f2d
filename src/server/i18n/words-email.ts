import type { Words } from './words';

// The e-mails sent to users (reset, confirmation, invitation, export ready): English → [French, Spanish].
// `{name}`, `{link}`… are filled in by the sender; HTML parts are escaped before they are.
export const EMAIL_WORDS: Words = {
  'Hello {name},': ['Bonjour {name},', 'Hola, {name}:'],
  'Hello,': ['Bonjour,', 'Hola:'],
  'Reset your password': ['Réinitialisez votre mot de passe', 'Restablece tu contraseña'],
  'Someone asked to reset the password of your account. If it was you, open this link within an hour:': [
    'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte. Si c’était vous, ouvrez ce lien dans l’heure :',
    'Alguien pidió restablecer la contraseña de tu cuenta. Si fuiste tú, abre este enlace antes de una hora:',
  ],
  'Choose a new password': ['Choisir un nouveau mot de passe', 'Elegir una contraseña nueva'],
  'If it was not you, ignore this e-mail: your password stays as it is.': [
    'Si ce n’était pas vous, ignorez cet e-mail : votre mot de passe reste inchangé.',
    'Si no fuiste tú, ignora este correo: tu contraseña no cambia.',
  ],
  'Confirm your e-mail address': ['Confirmez votre adresse e-mail', 'Confirma tu dirección de correo'],
  'Open this link within a day to confirm {email} as the address of your account:': [
    'Ouvrez ce lien dans la journée pour confirmer {email} comme adresse de votre compte :',
    'Abre este enlace antes de un día para confirmar {email} como la dirección de tu cuenta:',
  ],
  'Confirm my address': ['Confirmer mon adresse', 'Confirmar mi dirección'],
  'If you did not ask for it, ignore this e-mail: nothing changes.': [
    'Si vous ne l’avez pas demandé, ignorez cet e-mail : rien ne change.',
    'Si no lo pediste, ignora este correo: no cambia nada.',
  ],
  '{who} invited you to a team on {product}': ['{who} vous invite dans une équipe sur {product}', '{who} te invitó a un equipo en {product}'],
  'A member': ['Un membre', 'Un miembro'],
  '{who} invited you to join the workspace {workspace}. Open this link within 7 days to accept:': [
    '{who} vous invite à rejoindre l’espace de travail {workspace}. Ouvrez ce lien dans les 7 jours pour accepter :',
    '{who} te invitó a unirte al espacio de trabajo {workspace}. Abre este enlace antes de 7 días para aceptar:',
  ],
  'Accept the invitation': ['Accepter l’invitation', 'Aceptar la invitación'],
  'Sign in (or sign up) with this e-mail address to accept. If you did not expect this invitation, ignore this e-mail.': [
    'Connectez-vous (ou inscrivez-vous) avec cette adresse e-mail pour accepter. Si vous n’attendiez pas cette invitation, ignorez cet e-mail.',
    'Inicia sesión (o regístrate) con esta dirección de correo para aceptar. Si no esperabas esta invitación, ignora este correo.',
  ],
  'Your data export is ready': ['Votre export de données est prêt', 'Tu exportación de datos está lista'],
  'The archive of your data is ready. Download it from Settings → Advanced until {until}:': [
    'L’archive de vos données est prête. Téléchargez-la depuis Paramètres → Avancé jusqu’au {until} :',
    'El archivo con tus datos está listo. Descárgalo desde Ajustes → Avanzado hasta el {until}:',
  ],
  'Open Settings → Advanced': ['Ouvrir Paramètres → Avancé', 'Abrir Ajustes → Avanzado'],
};
