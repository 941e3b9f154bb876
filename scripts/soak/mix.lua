-- The soak's request mix for wrk: pages (returning visitors with the country cookie and first
-- visits without it), API calls, view stats and votes. scripts/soak.mjs prepends the lists
-- `videos` ({id, dir}), `categories` and `terms` taken from the running site.
-- Counts statuses per thread; done() prints one line "SOAK {json}" for soak.mjs to read.

local counters = { "s2xx", "s3xx", "s429", "s4xx", "s5xx" }
local threads = {}

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  math.randomseed(os.time() + id * 7919)
  for _, name in ipairs(counters) do _G[name] = 0 end
end

local function pick(list) return list[math.random(#list)] end

-- What browsers and crawlers take: most ask for brotli and gzip, some gzip only, a few neither,
-- so that the server keeps both encodings of its pages, as it does in service.
local function encoding(headers)
  local r = math.random()
  if r < 0.6 then headers["Accept-Encoding"] = "gzip, deflate, br"
  elseif r < 0.9 then headers["Accept-Encoding"] = "gzip" end
  return headers
end

local function page(path)
  local headers = {}
  if math.random() < 0.7 then headers["Cookie"] = "tf_country=XX" end
  return wrk.format("GET", path, encoding(headers))
end

local function get(path)
  return wrk.format("GET", path, encoding({}))
end

local function form(body)
  return wrk.format("POST", "/api/input.php", { ["Content-Type"] = "application/x-www-form-urlencoded" }, body)
end

request = function()
  local r = math.random(100)
  local v = pick(videos)
  if r <= 12 then return page("/")
  elseif r <= 27 then return page("/videos/" .. pick({ "latest-updates", "most-popular", "top-rated", "longest" }) .. "/" .. math.random(5) .. "/")
  elseif r <= 32 then return page("/videos/most-popular/1/?date=" .. pick({ "day", "week", "month" }))
  elseif r <= 47 then return page("/video/" .. v.id .. "/" .. v.dir .. "/")
  elseif r <= 53 then return page("/categories/" .. pick(categories) .. "/latest-updates/1/")
  elseif r <= 56 then return page("/categories/")
  elseif r <= 61 then return page("/search/1/?s=" .. pick(terms))
  elseif r <= 68 then return get("/api/json/videos2/86400/str/latest-updates/60/.." .. math.random(10) .. ".all...json")
  elseif r <= 74 then return get(string.format("/api/json/video/86400/0/%d/%d.json", math.floor(v.id / 1000) * 1000, v.id))
  elseif r <= 78 then return get("/api/suggester.php?c=" .. pick(terms))
  elseif r <= 82 then return get("/api/json/videos_related2/432000/10/0/" .. math.floor(v.id / 1000) * 1000 .. "/" .. v.id .. ".all.1.json")
  elseif r <= 90 then return form("act=view&section=videos&object_id=" .. v.id)
  else return form("act=vote&section=videos&object_id=" .. v.id .. "&vote=" .. math.random(0, 1))
  end
end

response = function(status, headers, body)
  if status >= 500 then s5xx = s5xx + 1
  elseif status == 429 then s429 = s429 + 1
  elseif status >= 400 then s4xx = s4xx + 1
  elseif status >= 300 then s3xx = s3xx + 1
  else s2xx = s2xx + 1 end
end

done = function(summary, latency, requests)
  local t = { s2xx = 0, s3xx = 0, s429 = 0, s4xx = 0, s5xx = 0 }
  for _, thread in ipairs(threads) do
    for _, name in ipairs(counters) do t[name] = t[name] + (thread:get(name) or 0) end
  end
  local e = summary.errors
  io.write(string.format(
    'SOAK {"requests":%d,"duration_us":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"s2xx":%d,"s3xx":%d,"s429":%d,"s4xx":%d,"s5xx":%d,"p50_ms":%.1f,"p99_ms":%.1f}\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.timeout,
    t.s2xx, t.s3xx, t.s429, t.s4xx, t.s5xx, latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
