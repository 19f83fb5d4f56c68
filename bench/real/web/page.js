// What every board page shares: the case's settings from the query string, the board's place
// on the 1280x800 page, and an 8x8 board picture in two colours for boards drawn on a
// background image.
export const q = new URLSearchParams(location.search)

export function place(el) {
  el.style.left = q.get("x") + "px"
  el.style.top = q.get("y") + "px"
  el.style.width = q.get("size") + "px"
  el.style.height = q.get("size") + "px"
}

export function checker(light, dark) {
  let rects = ""
  for (let y = 0; y < 8; y++)
    for (let x = 0; x < 8; x++)
      if ((x + y) % 2) rects += `<rect x="${x}" y="${y}" width="1" height="1" fill="${dark}"/>`
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8" shape-rendering="crispEdges">` +
    `<rect width="8" height="8" fill="${light}"/>${rects}</svg>`
  return `url("data:image/svg+xml;utf8,${encodeURIComponent(svg)}")`
}

// The last move's two squares ("e2", "e4"), or none.
export function lastMove() {
  const m = q.get("last") === "1" ? q.get("lastmove") : ""
  return m ? [m.slice(0, 2), m.slice(2, 4)] : null
}

export function arrow() {
  const a = q.get("arrow")
  return a ? [a.slice(0, 2), a.slice(2, 4)] : null
}

export function addStyle(css) {
  const s = document.createElement("style")
  s.textContent = css
  document.head.appendChild(s)
}
