import type { BaseTranslation } from '../../i18n-types';

const en_diagnostics = {
  creatify: {
    title: 'Avatar Talk Test',
    subtitle: 'Diagnostic page: start an avatar talk task and follow its status.',
    script: 'Script',
    scriptPlaceholder: 'Hello! This is a short avatar talk test.',
    avatarId: 'Avatar ID',
    avatarIdHint: 'An ID from the Avatar Library, for example stock-0.',
    voiceId: 'Voice ID',
    voiceIdHint: 'Leave empty for the default voice.',
    generate: 'Generate Video',
    generating: 'Starting…',
    taskId: 'Task ID',
    checkStatus: 'Check Status',
    stop: 'Stop',
    noVideoId: 'No video ID provided',
    noVideoIdText: 'Generate a video or paste a task ID first.',
    generateFailed: 'Failed to generate video...',
    checkFailed: 'Failed to check video status...',
    status: 'Status',
    attempt: 'Check {n:number} of {max:number}',
    nextCheck: 'Next check in {seconds:string} s',
    progress: 'Progress',
    phase: {
      idle: 'Not started',
      polling: 'Processing',
      ready: 'Ready',
      failed: 'Failed',
      timeout: 'Timed out',
    },
    timeoutText: 'The video may still be processing. Check its status again later.',
    result: 'Result',
    openVideo: 'Open the video',
  },
} satisfies BaseTranslation;

export default en_diagnostics;
