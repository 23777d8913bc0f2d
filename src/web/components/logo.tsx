export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`flex items-center gap-2 text-lg font-bold tracking-tight ${className}`}>
      <img src="/favicon.svg" alt="" className="size-8" />
      <span>Avatar Studio</span>
    </span>
  );
}
