import en from '../en';
import { withFallback } from '../fallback';

// Portuguese has no full table yet: the navigation is translated, every other key falls back to English.
const pt = withFallback(en, {
  nav: {
    createNew: 'Criar novo',
    performance: 'Indicador de desempenho',
    myVideos: 'Os meus vídeos',
    campaigns: 'Campanhas',
    socialProfiles: 'Perfis sociais',
    avatarLibrary: 'Biblioteca de avatares',
    profile: 'Perfil',
    subscription: 'Subscrição',
    settings: 'Definições',
    help: 'Ajuda',
    signOut: 'Terminar sessão',
    language: 'Idioma',
  },
  account: { profile: 'Perfil', settings: 'Definições', logout: 'Terminar sessão' },
  validation: {
    twoFactorCode: 'Introduza o código de 6 dígitos da sua aplicação ou um código de recuperação',
    twoFactorAppCode: 'Introduza o código de 6 dígitos da sua aplicação',
    invalidCode: 'Código inválido',
    passwordOrCodeIncorrect: 'Palavra-passe ou código incorretos',
    signInExpired: 'Este início de sessão expirou. Inicie sessão novamente.',
  },
});

export default pt;
