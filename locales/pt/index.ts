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
  settings: {
    dataExport: {
      title: 'Exportar os seus dados',
      hint: 'Um arquivo (zip) das suas campanhas, vídeos, listas de contactos, contactos, envios e eventos de visualização, em JSON e CSV. Recebe um e-mail quando estiver pronto e pode descarregá-lo durante 7 dias.',
      includeFiles: 'Incluir os ficheiros de vídeo',
      includeFilesHint: 'Acrescenta os vídeos gerados e as respetivas miniaturas: um arquivo maior.',
      request: 'Exportar os meus dados',
      requesting: 'A iniciar…',
      requested: 'Exportação iniciada',
      requestedText: 'Receberá um e-mail quando o arquivo estiver pronto.',
      none: 'Ainda não há exportações.',
      requestedOn: 'Pedida a {date}',
      withFiles: 'Dados e ficheiros de vídeo',
      metadataOnly: 'Apenas dados',
      expiresOn: 'disponível até {date}',
      download: 'Descarregar',
      status: { running: 'A preparar… {progress}%', failed: 'Falhou', expired: 'Expirada' },
    },
  },
});

export default pt;
