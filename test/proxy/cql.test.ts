import { describe, expect, it } from 'vitest'
import { parseCql } from '../../src/proxy/leancloud/cql.js'
import { LeanCloudError } from '../../src/proxy/leancloud/errors.js'
import { thrownBy } from '../helpers/thrown.js'

/** The statement exactly as Valine 1.5 builds it (src/index.js, `ValineFactory.prototype.Q`). */
function valineCql(ids: string[], clazzName = 'Comment'): string {
  const list = JSON.stringify(ids).replace(/(\[|\])/g, '')
  return `select * from ${clazzName} where rid in (${list}) order by -createdAt,-createdAt`
}

describe('parseCql', () => {
  it("reads Valine's reply query", () => {
    expect(parseCql(valineCql(['5f9a1b2c3d4e5f6a7b8c9d0e', '5f9a1b2c3d4e5f6a7b8c9d0f']))).toEqual({
      className: 'Comment',
      where: { field: 'rid', op: 'in', values: ['5f9a1b2c3d4e5f6a7b8c9d0e', '5f9a1b2c3d4e5f6a7b8c9d0f'] },
      order: [{ field: 'createdAt', desc: true }],
    })
  })

  it('reads no roots as an empty list', () => {
    expect(valineCql([])).toBe('select * from Comment where rid in () order by -createdAt,-createdAt')
    expect(parseCql(valineCql([])).where).toEqual({ field: 'rid', op: 'in', values: [] })
  })

  it('accepts single quotes, other spacing, keyword case, a second order key and no order', () => {
    expect(parseCql("SELECT * FROM Comment WHERE rid IN ( 'a1' , 'b2' ) ORDER BY -createdAt, -insertedAt;")).toEqual({
      className: 'Comment',
      where: { field: 'rid', op: 'in', values: ['a1', 'b2'] },
      order: [{ field: 'createdAt', desc: true }, { field: 'insertedAt', desc: true }],
    })
    expect(parseCql('  select  *\nfrom Comment\twhere rid in ("a1")  ').order).toEqual([])
    expect(parseCql('select * from Comment where rid in ("a1") order by createdAt').order).toEqual([{ field: 'createdAt', desc: false }])
  })

  it('answers another class with 101, as LeanCloud does for a class that is not there', () => {
    expect(thrownBy(() => parseCql(valineCql(['a1'], 'Comments')), LeanCloudError).code).toBe(101)
    expect(thrownBy(() => parseCql(valineCql(['a1'], '_User')), LeanCloudError).code).toBe(101)
  })

  it('refuses anything else with 102', () => {
    for (const cql of [
      '',
      'select * from Comment',
      'select mail, ip from Comment where rid in ("a1")',
      'select * from Comment where url in ("/a")',
      'select * from Comment where rid in ("a1") or 1=1',
      'select * from Comment where rid in ("a1"); delete from Comment',
      'select * from Comment where rid in (select objectId from Comment)',
      'select * from Comment where rid in ("a1\\" or \\"1")',
      'select * from Comment where rid in ("a1" "b2")',
      'select * from Comment where rid in (a1)',
      'select * from Comment where rid in ("a1") order by mail',
      'select * from Comment where rid in ("a1") limit 1000',
      'select count(*) from Comment where rid in ("a1")',
      `select * from Comment where rid in (${Array.from({ length: 101 }, (_, i) => `"id${i}"`).join(',')})`,
      `select * from Comment where rid in ("${'a'.repeat(20_000)}")`,
    ]) {
      expect(thrownBy(() => parseCql(cql), LeanCloudError).code, cql.slice(0, 80)).toBe(102)
    }
    expect(thrownBy(() => parseCql(valineCql(['a1']), '["x"]'), LeanCloudError).code).toBe(102)
    expect(thrownBy(() => parseCql(undefined), LeanCloudError).code).toBe(102)
  })
})
