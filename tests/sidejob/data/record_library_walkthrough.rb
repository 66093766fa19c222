#!/usr/bin/ruby
# SPDX-License-Identifier: GPL-3.0-or-later
# Records library-walkthrough-VERSION.txt: drives a released SideJob library (4.1.0, commit 9feb5c5
# of austinche/sidejob, or 4.0.2, commit a465cf4, the seed's layout; its lib/ on the load path) on
# Debian's Sidekiq 6.4.1 against a scratch Redis
# and dumps every key after each step, normalised so that a run of our generator
# (tst_sidejobgenerator) compares with it line by line: ISO 8601 times and Sidekiq's float times
# become "<time>", the minute in a rate key "<minute>", a logged backtrace "<backtrace>". 4.0.2 has
# no aliases and no channels: those steps are left out for it.
# The library predates Ruby 3 and redis-rb 4: it needs four shims, loaded with -r and kept out of
# the project: Redis.exists_returns_integer = false (so `exists` answers true/false), and a Redis#set
# that accepts its options as a positional hash ({nx: true, ex: 60}); and Hash#symbolize_keys and
# #stringify_keys, which older Sidekiq brought along; a SideJob.queue that takes its options as a
# positional hash too (Job#queue passes them so).
# A job is run as Sidekiq's processor runs it: BRPOP of its queue, then SideJob's server middleware
# around the worker's perform (Sidekiq's own stat and process keys are not written by this).
# Usage: ruby -r SHIMS.rb -I SIDEJOB/lib record_library_walkthrough.rb PORT > library-walkthrough-VERSION.txt
require 'json'
port = Integer(ARGV[0])
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

# Channels exist from 4.1 on: a source writing to its output port's channel, a sink whose input
# port listens to the parent channel.
class Source
  include SideJob::Worker
  register(outports: { out: { channels: ['/feed/a'] } })
  def perform(*_args)
    output(:out).write('v1')
  end
end

class Sink
  include SideJob::Worker
  register(inports: { in: { channels: ['/feed'] } })
  def perform(*_args)
    suspend
  end
end

R = SideJob.redis
R.flushall
SideJob::Worker.register_all('q1')

ISO = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z/
FLOAT = /\b\d{10}\.\d+\b/

def norm(text)
  text.gsub(ISO, '<time>').gsub(FLOAT, '<time>').gsub(/:rate:\d+$/, ':rate:<minute>')
      .gsub(/"backtrace":"(\\.|[^"\\])*"/, '"backtrace":"<backtrace>"')
end

def dump(step)
  puts "== #{step}"
  R.keys('*').sort_by { |k| norm(k) }.each do |key|
    kind = R.type(key)
    puts "#{norm(key)} #{kind}"
    items = case kind
            when 'hash' then R.hgetall(key).map { |f, v| "#{f}=#{norm(v)}" }.sort
            when 'list' then R.lrange(key, 0, -1).map { |v| norm(v) }
            when 'set' then R.smembers(key).map { |v| norm(v) }.sort
            when 'zset' then R.zrange(key, 0, -1, with_scores: true).map { |m, s| "#{norm(m)} #{s > 1e9 ? '<time>' : s.to_i}" }
            else [norm(R.get(key).to_s)]
            end
    items.each { |i| puts "  #{i}" }
  end
end

# One run of the job at the head of the queue's list, as Sidekiq's fetcher and processor do it.
def work(queue)
  _, raw = R.brpop("queue:#{queue}", timeout: 1)
  return false unless raw
  msg = JSON.parse(raw)
  worker = Object.const_get(msg['class']).new
  worker.jid = msg['jid']
  SideJob::ServerMiddleware.new.call(worker, msg, queue) { worker.perform(*msg['args']) }
  true
end

dump('register_all q1')
a = SideJob.queue('q1', 'Adder', args: [1, 'x'], by: 'user:alice')
dump('queue job 1 Adder by user:alice')
LEGACY = SideJob::VERSION < '4.1'
unless LEGACY
  a.add_alias('pipeline')
  dump('alias pipeline for job 1')
end
w = a.queue('q1', 'Waiter', name: 'kid')
dump('job 1 queues child kid: job 2 Waiter')
a.input(:in).write({ 'n' => 3 })
dump('write {"n":3} to job 1 in')
work('q1')
dump('worker runs job 1')
work('q1')
dump('worker runs job 2: suspended, runs its parent')
w.input(:extra).write('hi')
dump('write "hi" to job 2 dynamic port extra')
b = SideJob.queue('q1', 'Breaker', at: Time.now.to_f + 3600)
dump('queue job 3 Breaker scheduled in an hour')
b.run(force: true)
work('q1') while R.llen('queue:q1') > 1
dump('job 3 run: failed')
a.terminate(recursive: true)
dump('terminate job 1 recursively')
work('q1') while R.llen('queue:q1') > 0
dump('workers run the terminations')
a.delete
dump('delete job 1 and its subtree')
unless LEGACY
  SideJob.queue('q1', 'Sink')
  SideJob.queue('q1', 'Source')
  dump('queue job 4 Sink on /feed and job 5 Source to /feed/a')
  work('q1') while R.llen('queue:q1') > 0
  dump('workers run jobs 4 and 5: v1 reaches job 4')
  SideJob.publish('/feed', { 'x' => 1 })
  dump('publish {"x":1} on /feed')
  work('q1') while R.llen('queue:q1') > 0
  dump('worker runs job 4 again')
end
