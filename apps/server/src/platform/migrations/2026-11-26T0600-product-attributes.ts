import { type Kysely, sql } from 'kysely';

/**
 * Product attributes collectors filter by: `condition` (null: not specified) and, for graded
 * cards, the grading company, the grade (1 to 10 in half points) and the certificate. The checks
 * repeat the contract's rules so no writer (a script, a later module) can store what the API
 * would refuse; a grade needs its company and the other way round.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table products
      add column condition text
        constraint products_condition_check
        check (condition in ('nuevo_en_caja', 'nuevo_sin_caja', 'usado', 'con_detalles')),
      add column grading_company text
        constraint products_grading_company_check check (grading_company in ('PSA', 'BGS', 'CGC', 'SGC')),
      add column grading_grade numeric(3, 1)
        constraint products_grading_grade_check
        check (grading_grade between 1 and 10 and grading_grade * 2 = trunc(grading_grade * 2)),
      add column grading_certificate varchar(30),
      add constraint products_grading_complete_check
        check ((grading_company is null) = (grading_grade is null)
               and (grading_certificate is null or grading_company is not null))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table products
      drop constraint products_grading_complete_check,
      drop column grading_certificate,
      drop column grading_grade,
      drop column grading_company,
      drop column condition
  `.execute(db);
}
