import en_twoFactor from '../../en/twoFactor';
import { namespaceWithFallback } from '../../fallback';
import type { NamespaceTwoFactorTranslation } from '../../i18n-types';

// No full table for this language yet: the keys given here, English for the rest.
const pt_twoFactor = namespaceWithFallback<NamespaceTwoFactorTranslation>(en_twoFactor, {
  title: 'Início de sessão em dois passos',
  on: 'Ativo',
  off: 'Desativado',
  intro: 'Pedir um código de 6 dígitos de uma aplicação de autenticação (Google Authenticator, 1Password, Authy…) depois da palavra-passe.',
  enable: 'Ativar',
  scan: 'Leia este código QR com a sua aplicação de autenticação ou escreva a chave abaixo.',
  qrAlt: 'Código QR que adiciona o Avatar Studio à sua aplicação de autenticação',
  secretLabel: 'Chave (se não conseguir ler o código)',
  codeLabel: 'Código da aplicação',
  confirm: 'Confirmar',
  cancel: 'Cancelar',
  enabled: 'O início de sessão em dois passos está ativo',
  enableFailed: 'Não foi possível ativar o início de sessão em dois passos',
  recoveryTitle: 'Os seus códigos de recuperação',
  recoveryHint: 'Cada código permite iniciar sessão uma vez se perder o telemóvel. Só são mostrados agora: guarde-os num local seguro.',
  copyCodes: 'Copiar códigos',
  copied: 'Códigos de recuperação copiados',
  savedCodes: 'Já os guardei',
  onText: 'Depois da palavra-passe, a sua conta pede um código da aplicação. Resta{{m}} {count} código{{s}} de recuperação.',
  disable: 'Desativar',
  disableHint: 'Introduza a sua palavra-passe e um código da aplicação, ou um código de recuperação.',
  password: 'Palavra-passe',
  codeOrRecovery: 'Código ou código de recuperação',
  disabled: 'O início de sessão em dois passos está desativado',
  disableFailed: 'Não foi possível desativar o início de sessão em dois passos',
  loginHint: 'Introduza o código de 6 dígitos da sua aplicação de autenticação.',
  recoveryLoginHint: 'Perdeu o telemóvel? Introduza antes um dos seus códigos de recuperação.',
  verify: 'Verificar',
  verifying: 'A verificar…',
  back: 'Voltar',
});

export default pt_twoFactor;
