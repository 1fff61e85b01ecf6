import { HEAD_LIMITS } from '../seed/demo-org-structure.data';
import { GIVEN, SURNAMES } from '../seed/names';
import { exec, phase, pick, type ScaleRun } from './run';

/** People per district team, districts per region, regions per business unit: the shape of a sales organisation. */
const PER_DISTRICT = 25;
const DISTRICTS_PER_REGION = 8;
const REGIONS_PER_BU = 6;
/**
 * The first company holds most people, as a group's main operating company does; at the full size its busiest month
 * of reimbursements stays within the five digits of a document number.
 */
const MAIN_COMPANY_SHARE = 0.65;

const CITIES: [string, string][] = [
  ['上海', 'Shanghai'],
  ['北京', 'Beijing'],
  ['广州', 'Guangzhou'],
  ['深圳', 'Shenzhen'],
  ['杭州', 'Hangzhou'],
  ['南京', 'Nanjing'],
  ['成都', 'Chengdu'],
  ['重庆', 'Chongqing'],
  ['武汉', 'Wuhan'],
  ['西安', "Xi'an"],
  ['天津', 'Tianjin'],
  ['苏州', 'Suzhou'],
  ['长沙', 'Changsha'],
  ['郑州', 'Zhengzhou'],
  ['沈阳', 'Shenyang'],
  ['青岛', 'Qingdao'],
  ['厦门', 'Xiamen'],
  ['昆明', 'Kunming'],
  ['合肥', 'Hefei'],
  ['福州', 'Fuzhou'],
];

const arr = (xs: string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;

/** How many generated people each company gets, by company id. */
export function peoplePerCompany(companyIds: number[], employees: number): Map<number, number> {
  const out = new Map<number, number>();
  const others = companyIds.slice(1);
  // A company's share must staff at least one unit (a head for each level and some members).
  const each = others.length ? Math.floor((employees * (1 - MAIN_COMPANY_SHARE)) / others.length) : 0;
  const spread = each >= 10 ? each : 0;
  for (const id of others) out.set(id, spread);
  out.set(companyIds[0]!, employees - spread * others.length);
  return out;
}

/** Units of one company's generated organisation: business units, regions, districts. */
export function unitsFor(people: number) {
  const districts = Math.max(1, Math.ceil(people / PER_DISTRICT));
  const regions = Math.max(1, Math.ceil(districts / DISTRICTS_PER_REGION));
  const bus = Math.max(1, Math.ceil(regions / REGIONS_PER_BU));
  return { districts, regions, bus };
}

/**
 * The generated organisation of every company: a tree of business units, regions and districts under general
 * management, their heads and members with a real line-manager chain, sign-in accounts sharing one password hash,
 * roles (employee for all, manager for heads with their team, a few finance and compliance people), and a cost
 * centre per team that its people charge by default.
 */
export async function generateOrg(run: ScaleRun, passwordHash: string): Promise<void> {
  const { rows: companies } = await run.client.query<{ id: number; code: string }>(
    'select id, code from company order by code',
  );
  const shares = peoplePerCompany(
    companies.map((c) => c.id),
    run.employees,
  );
  let offset = 0;
  await phase(run, 'org: people', async () => {
    for (const c of companies) {
      const people = shares.get(c.id) ?? 0;
      if (people > 0) await companyOrg(run, c.id, people, offset, passwordHash);
      offset += people;
    }
    return offset;
  });
}

async function companyOrg(run: ScaleRun, companyId: number, people: number, offset: number, passwordHash: string) {
  const { districts, regions, bus } = unitsFor(people);
  const heads = bus + regions + districts;
  // One row per generated person: their level, unit, team code and the number of their line manager (0: the GM head).
  await exec(run, 'drop table if exists scale_org');
  await exec(
    run,
    `create temp table scale_org as
     with k as (select k from generate_series(1, ${people}) k),
     lv as (
       select k,
         case when k <= ${bus} then 'bu' when k <= ${bus + regions} then 'region'
              when k <= ${heads} then 'district' else 'member' end as level,
         case when k <= ${bus} then k when k <= ${bus + regions} then k - ${bus}
              when k <= ${heads} then k - ${bus + regions}
              else ((k - ${heads} - 1) % ${districts}) + 1 end as unit
       from k)
     select k, level, unit,
       case level when 'bu' then 'BU' || lpad(unit::text, 3, '0')
                  when 'region' then 'RG' || lpad(unit::text, 4, '0')
                  else 'DT' || lpad(unit::text, 5, '0') end as team_code,
       case level when 'bu' then 0
                  when 'region' then ((unit - 1) / ${REGIONS_PER_BU}) + 1
                  when 'district' then ${bus} + ((unit - 1) / ${DISTRICTS_PER_REGION}) + 1
                  else ${bus + regions} + unit end as manager_k
     from lv`,
  );
  const { rows: gm } = await run.client.query<{ team: number; head: number }>(
    `select t.id as team, (select e.id from employee e where e.team_id = t.id and e.line_manager_id is null
       order by e.id limit 1) as head
     from team t where t.company_id = $1 and t.parent_id is null order by t.id limit 1`,
    [companyId],
  );
  const root = gm[0];
  if (!root?.head) throw new Error(`company ${companyId} has no general management team with a head to build under`);

  const city = (n: string) => `(${arr(CITIES.map((x) => x[0]))})[1 + (${n} - 1) % ${CITIES.length}]`;
  const cityEn = (n: string) => `(${arr(CITIES.map((x) => x[1]))})[1 + (${n} - 1) % ${CITIES.length}]`;
  const areas = `(select array_agg(id order by id) from therapeutic_area where company_id = ${companyId} and active)`;
  await exec(
    run,
    `insert into team (company_id, code, name_zh, name_en, parent_id, bu, therapeutic_area_id, sort)
     select ${companyId}, 'BU' || lpad(b::text, 3, '0'), '第' || b || '事业部', 'Business Unit ' || b, ${root.team},
       'BU' || lpad(b::text, 3, '0'), (${areas})[1 + (b - 1) % greatest(1, cardinality(${areas}))], 100 + b
     from generate_series(1, ${bus}) b`,
  );
  await exec(
    run,
    `insert into team (company_id, code, name_zh, name_en, parent_id, bu, therapeutic_area_id, sort)
     select ${companyId}, 'RG' || lpad(r::text, 4, '0'), ${city('r')} || '大区' || r, ${cityEn('r')} || ' Region ' || r,
       p.id, p.bu, p.therapeutic_area_id, r
     from generate_series(1, ${regions}) r
     join team p on p.company_id = ${companyId} and p.code = 'BU' || lpad((((r - 1) / ${REGIONS_PER_BU}) + 1)::text, 3, '0')`,
  );
  await exec(
    run,
    `insert into team (company_id, code, name_zh, name_en, parent_id, bu, therapeutic_area_id, is_evm, sort)
     select ${companyId}, 'DT' || lpad(d::text, 5, '0'), ${city('d')} || '地区' || d, ${cityEn('d')} || ' District ' || d,
       p.id, p.bu, p.therapeutic_area_id, d % 4 = 0, d
     from generate_series(1, ${districts}) d
     join team p on p.company_id = ${companyId}
       and p.code = 'RG' || lpad((((d - 1) / ${DISTRICTS_PER_REGION}) + 1)::text, 4, '0')`,
  );
  // Every generated team owns the cost centre its people charge by default.
  await exec(
    run,
    `insert into cost_centre (company_id, code, name_zh, name_en, sap_code, type, owner_team_id)
     select company_id, 'CC-' || code, name_zh || '成本中心', name_en || ' cost centre', 'S' || code,
       case when code like 'DT%' then 'sales' else 'admin' end, id
     from team where company_id = ${companyId} and code ~ '^(BU|RG|DT)[0-9]+$'`,
  );

  const n = (salt: number, list: [string, string][]) => `1 + ${pick(`${offset} + o.k`, salt, list.length)}`;
  const sz = `(${arr(SURNAMES.map((x) => x[0]))})[${n(11, SURNAMES)}]`;
  const sp = `(${arr(SURNAMES.map((x) => x[1]))})[${n(11, SURNAMES)}]`;
  const gz = `(${arr(GIVEN.map((x) => x[0]))})[${n(12, GIVEN)}]`;
  const gp = `(${arr(GIVEN.map((x) => x[1]))})[${n(12, GIVEN)}]`;
  const limit = (level: string) =>
    `case ${level} when 'bu' then ${HEAD_LIMITS[1]} when 'region' then ${HEAD_LIMITS[2]} when 'district' then ${HEAD_LIMITS[3]} end`;
  await exec(
    run,
    `insert into employee (company_id, code, name_zh, name_en, email, mobile, team_id, default_cost_centre_id,
       bank_name, bank_account, approval_limit)
     select ${companyId}, 'U' || lpad((${offset} + o.k)::text, 6, '0'), ${sz} || ${gz},
       initcap(${gp}) || ' ' || ${sp}, 'u' || lpad((${offset} + o.k)::text, 6, '0') || '@huakang-demo.cn',
       '139' || lpad((${offset} + o.k)::text, 8, '0'), t.id, cc.id, '招商银行',
       '6225' || lpad((${offset} + o.k)::text, 12, '0'), ${limit('o.level')}
     from scale_org o
     join team t on t.company_id = ${companyId} and t.code = o.team_code
     join cost_centre cc on cc.company_id = ${companyId} and cc.owner_team_id = t.id
     order by o.k`,
  );
  await exec(
    run,
    `update employee e set line_manager_id = coalesce(m.id, ${root.head})
     from scale_org o left join employee m on m.company_id = ${companyId}
       and m.code = 'U' || lpad((${offset} + o.manager_k)::text, 6, '0')
     where e.company_id = ${companyId} and e.code = 'U' || lpad((${offset} + o.k)::text, 6, '0')`,
  );
  const mine = `from employee e join scale_org o on e.company_id = ${companyId}
    and e.code = 'U' || lpad((${offset} + o.k)::text, 6, '0')`;
  await exec(
    run,
    `insert into user_account (employee_id, username, password_hash) select e.id, lower(e.code), $1 ${mine}`,
    [passwordHash],
  );
  const roleId = (code: string) => `(select id from role where company_id = ${companyId} and code = '${code}')`;
  await exec(
    run,
    `insert into employee_role_team (employee_id, role_id, team_id)
     select e.id, ${roleId('EMPLOYEE')}, null ${mine}
     union all select e.id, ${roleId('MANAGER')}, e.team_id ${mine} where o.level <> 'member'
     union all select e.id, ${roleId('SSC')}, null ${mine} where o.level = 'member' and (${offset} + o.k) % 500 = 250
     union all select e.id, ${roleId('COMPLIANCE')}, null ${mine}
       where o.level = 'member' and (${offset} + o.k) % 1000 = 750`,
  );
}
