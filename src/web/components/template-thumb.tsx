/**
 * A template's thumbnail in a 16:9 card. Portrait and square templates are shown whole (contain),
 * over a blurred copy of themselves, instead of being cropped to the presenter's forehead.
 */
export function TemplateThumb({ src, className = '' }: { src: string; className?: string }) {
  return (
    <div className={`relative aspect-video w-full overflow-hidden bg-base-300 ${className}`}>
      <img src={src} alt="" aria-hidden loading="lazy" className="absolute inset-0 size-full scale-110 object-cover opacity-60 blur-md" />
      <img src={src} alt="" loading="lazy" className="relative size-full object-contain" data-testid="template-thumb" />
    </div>
  );
}
