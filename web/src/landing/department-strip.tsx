import { departmentList } from '../../../vocabulary/departments.ts';

/** Every department the product follows, by id. */
const stripCodes = departmentList.map((department) => department.code);

export function DepartmentStrip() {
  return (
    <section aria-labelledby="department-strip-heading" className="department-strip border-y border-slate-200 bg-slate-50 py-6">
      <h2 id="department-strip-heading" className="text-center text-sm font-semibold tracking-wide text-slate-700 uppercase">
        Tracking policy from the bodies that shape China's economy
      </h2>
      <div className="relative mt-4 overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_8%,black_92%,transparent)]">
        <div className="department-strip-track flex w-max gap-3">
          {[0, 1].map((copy) => (
            <ul key={copy} className="flex gap-3" aria-hidden={copy === 1 ? true : undefined}>
              {stripCodes.map((code) => (
                <li key={code} className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-bold tracking-wider text-slate-800">
                  {code}
                </li>
              ))}
            </ul>
          ))}
        </div>
      </div>
    </section>
  );
}
