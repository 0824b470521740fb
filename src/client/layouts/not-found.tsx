import { Link } from '../components/link.js'

export function NotFound() {
  return (
    <div className="not-found">
      <h1>404</h1>
      <p>没有找到这个页面。它可能已被移动或删除，也可能是地址输错了。</p>
      <p>
        <Link to="/">返回首页</Link>
      </p>
    </div>
  )
}
