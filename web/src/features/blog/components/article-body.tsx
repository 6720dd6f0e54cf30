/**
 * The article's body HTML. It was sanitised by the content service on save and again when
 * served (allow-listed tags and URLs only), which is why rendering it as HTML is safe here.
 * Typography via arbitrary-variant Tailwind classes (no typography plugin in the build).
 */
const PROSE = [
  'max-w-none text-lg leading-relaxed text-stone-800',
  '[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-lake-900',
  '[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-lake-900 [&_h4]:mt-6 [&_h4]:font-semibold',
  '[&_p]:mt-5 [&_ul]:mt-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2',
  '[&_a]:font-semibold [&_a]:text-lake-700 [&_a]:underline [&_a]:underline-offset-4 hover:[&_a]:text-lake-900',
  '[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-canyon-600 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_img]:mt-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_hr]:my-10 [&_hr]:border-stone-200',
  '[&_pre]:mt-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-lake-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:text-lake-50',
  '[&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-sand-100 [&_:not(pre)>code]:px-1 [&_:not(pre)>code]:text-[0.9em]',
  '[&_table]:mt-6 [&_table]:w-full [&_table]:border-collapse [&_table]:text-base [&_th]:border-b-2 [&_th]:border-stone-300',
  '[&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_td]:border-b [&_td]:border-stone-200 [&_td]:px-3 [&_td]:py-2',
  '[&_th[align=right]]:text-right [&_td[align=right]]:text-right [&_th[align=center]]:text-center [&_td[align=center]]:text-center',
].join(' ');

export function ArticleBody({ html }: { html: string }) {
  return <div className={PROSE} dangerouslySetInnerHTML={{ __html: html }} />;
}
