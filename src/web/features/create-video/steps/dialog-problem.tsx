import { CircleAlert } from 'lucide-react';

export type Problem = { title: string; description?: string };

/** A failure shown inside a modal dialog (the toast region sits under the modal's backdrop). */
export function DialogProblem({ problem }: { problem: Problem }) {
  return (
    <div role="alert" className="alert alert-error alert-soft mt-4 items-start" data-testid="dialog-problem">
      <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div>
        <p className="font-semibold">{problem.title}</p>
        {problem.description && <p className="text-sm">{problem.description}</p>}
      </div>
    </div>
  );
}
