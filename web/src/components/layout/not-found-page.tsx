/** The not-found page (spec §2), prerendered to 404.html. */
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-4xl font-bold text-lake-900">404 Page Not Found</h1>
      <p className="mt-4 text-lg text-stone-700">
        The page you're looking for could not be found. Please check the URL or go back to the homepage.
      </p>
      <Link
        to="/"
        className="mt-8 inline-flex min-h-11 items-center rounded-md bg-lake-800 px-5 font-semibold text-white hover:bg-lake-900"
      >
        Go to the homepage
      </Link>
    </section>
  );
}
