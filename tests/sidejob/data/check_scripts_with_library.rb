#!/usr/bin/ruby
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks our lua/sidejob scripts against the released library (4.1.0 or 4.0.2, its lib/ on the load
# path) on Debian's Sidekiq 6.4.1, against an empty scratch Redis: the Sidekiq item our run pushes
# equals the library's own byte for byte (times aside, which we pass in), and after our run,
# writeinput and terminate the library's own worker step (BRPOP, then SideJob's server middleware
# around perform, as record_library_walkthrough.rb runs it) carries on normally: inputs read, the
# outcome written, terminations reaching terminated, delete accepted; and our deleteterminated
# leaves nothing the library finds. Not run by tests.
# Prints one "ok"/"FAIL" line per check; exits 1 on any FAIL.
# Usage: ruby -r SHIMS.rb -I SIDEJOB/lib check_scripts_with_library.rb PORT BUILD/lua-sidejob
# (BUILD/lua-sidejob: the joined scripts the console embeds, lua/sidejob/CMakeLists.txt.)
# (SHIMS.rb: the four shims record_library_walkthrough.rb's header lists.)
require 'json'
require 'time'
port = Integer(ARGV[0])
lua_dir = ARGV[1]
require 'sidejob'
SideJob.redis = { url: "redis://127.0.0.1:#{port}/0" }

class Adder
  include SideJob::Worker
  register(inports: { in: {}, step: { default: 5 } }, outports: { out: {} })
  def perform(*_args)
    for_inputs(:in, :step) do |x, step|
      set(total: (get(:total) || 0) + x['n'] + step)
      output(:out).write({ 'sum' => get(:total) })
    end
  end
end

class Waiter
  include SideJob::Worker
  register(inports: { '*' => { default: 'none' } }, outports: {})
  def perform(*_args)
    suspend
  end
end

class Breaker
  include SideJob::Worker
  register
  def perform(*_args)
    raise 'it broke'
  end
end

R = SideJob.redis
R.flushall
SideJob::Worker.register_all('q1')
LAYOUT = SideJob::VERSION < '4.1' ? '4.0' : '4.1'
SHA = Dir[File.join(lua_dir, '*.lua')].to_h { |f| [File.basename(f, '.lua'), R.script(:load, File.read(f))] }
$failed = false

def check(what, actual, expected)
  ok = actual == expected
  $failed ||= !ok
  puts "#{ok ? 'ok' : 'FAIL'} #{LAYOUT} #{what}#{ok ? '' : ": got #{actual.inspect}, expected #{expected.inspect}"}"
end

def now = Time.now.to_f.to_s
def script(name, *args) = R.evalsha(SHA.fetch(name), keys: [], argv: args.map(&:to_s))
def run(id, force: 'normal') = script('run', now, LAYOUT, 1000, force, id)
def terminate(id) = script('terminate', now, LAYOUT, 1000, id)
def write_input(id, port, json) = script('writeinput', now, Time.now.utc.iso8601(9), LAYOUT, 1000, id, port, json)

def work(queue)
  _, raw = R.brpop("queue:#{queue}", timeout: 1)
  return false unless raw
  msg = JSON.parse(raw)
  worker = Object.const_get(msg['class']).new
  worker.jid = msg['jid']
  SideJob::ServerMiddleware.new.call(worker, msg, queue) { worker.perform(*msg['args']) }
  true
end

# The item: the library's, taken away (a lost fetch), then ours for the same job.
a = SideJob.queue('q1', 'Adder', args: [1, 'x'], by: 'user:alice')
library_item = R.rpop('queue:q1')
at = now
ours = script('run', at, LAYOUT, 1000, 'normal', a.id)
check 'run after a lost fetch', ours, ['queued']
check 'our item is the library\'s', R.lindex('queue:q1', 0),
      library_item.sub(/"created_at":[0-9.e+-]+/, "\"created_at\":#{at}").sub(/"enqueued_at":[0-9.e+-]+/, "\"enqueued_at\":#{at}")
check 'writeinput while the item waits', write_input(a.id, 'in', '{"n":3}'), ['queued:in-queue']
a.run
check 'the library finds our item and pushes none', R.llen('queue:q1'), 1
work('q1')
check 'the worker read our input', [a.status, a.get(:total)], ['completed', 8]

b = SideJob.queue('q1', 'Breaker')
work('q1')
check 'run refuses a failed job', run(b.id), ['wrong-status:failed']
check 'forced run', run(b.id, force: 'force'), ['queued']
work('q1')
check 'the worker ran it again', [b.status, R.llen('queue:q1')], ['failed', 0]

w = SideJob.queue('q1', 'Waiter')
work('q1')
check 'writeinput to a new dynamic port', write_input(w.id, 'extra', '"hi"'), ['queued']
work('q1')
check 'the worker ran it', w.status, 'suspended'
check 'the library reads the value, then the * default', [w.input(:extra).read, w.input(:extra).read], ['hi', 'none']

check 'terminate', terminate(a.id), ['terminating']
check 'terminate again while its item waits', terminate(a.id), ['terminating:in-queue']
work('q1')
check 'the worker terminated it', a.status, 'terminated'
check 'terminate refuses a terminated job', terminate(a.id), ['wrong-status:terminated']
check 'forced run of a terminated job', run(a.id, force: 'force'), ['queued']
work('q1')
check 'the worker ran it again', a.status, 'completed'
terminate(a.id)
work('q1')
check 'the library deletes what we terminated', [a.delete, R.sismember('jobs', a.id.to_s)], [true, false]

# Our delete of a tree the library made and the library terminated: the library finds none of it.
top = SideJob.queue('q1', 'Waiter')
kid = top.queue('q1', 'Waiter', name: 'kid')
work('q1') while R.llen('queue:q1') > 0
check 'deleteterminated refuses a live tree', script('deleteterminated', LAYOUT, 100, top.id), ["not-terminated:#{top.id}:suspended"]
top.terminate(recursive: true)
work('q1') while R.llen('queue:q1') > 0
check 'deleteterminated', script('deleteterminated', LAYOUT, 100, top.id), ['deleted:2']
check 'the library finds none of it', [SideJob.find(top.id), SideJob.find(kid.id), R.keys("job:#{kid.id}*").reject { |k| k.include?(':rate:') }], [nil, nil, []]
exit($failed ? 1 : 0)
