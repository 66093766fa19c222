#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# A manual check that the released Blueque library (v1.0.0 on PYTHONPATH) carries on normally
# after our lua/blueque scripts acted: requeue, runnow, delete of a pending task, requeueall.
# Usage: PYTHONPATH=/path/to/Blueque check_scripts_with_library.py PORT LUA_DIR (a scratch Redis:
# it is flushed). Each line printed says what the library saw.
import sys, time
import redis
from blueque import Client
port, lua = int(sys.argv[1]), sys.argv[2]
r = redis.StrictRedis(port=port, decode_responses=True)
r.flushall()
c = Client("redis://localhost:%d/0" % port); q = c.get_queue("my_queue"); lst = c.get_listener("my_queue")
sha = {n: r.script_load(open("%s/%s.lua" % (lua, n)).read()) for n in ["requeue", "runnow", "delete", "requeueall"]}
t = q.enqueue("p"); task = lst.listen(); p = c.get_processor(task); p.start(11); p.fail("boom")
print("requeue:", r.evalsha(sha["requeue"], 0, "my_queue", repr(time.time()), "newest", t))
task = lst.listen(); print("library listens:", task.id == t, task.status, "error", task.error, "node", task.node)
p = c.get_processor(task); p.start(12); p.complete("fine")
task = c.get_task(t); print("after complete:", task.status, task.result, task.error, task.pid)
s = q.schedule("later", time.time() + 1000)
print("runnow:", r.evalsha(sha["runnow"], 0, s, repr(time.time())))
task = lst.listen(); print("library listens:", task.id == s, task.status)
q.enqueue_due_tasks(); print("scheduler after runnow moves nothing:", r.llen("blueque_pending_tasks_my_queue"))
d = q.enqueue("gone"); print("delete pending:", r.evalsha(sha["delete"], 0, d, "pending"))
print("pending after cancel:", r.llen("blueque_pending_tasks_my_queue"), "hash:", r.exists("blueque_task_" + d))
for i in range(3):
    x = q.enqueue(str(i)); tk = lst.listen(); pp = c.get_processor(tk); pp.start(20 + i); pp.fail("e%d" % i)
print("requeueall:", r.evalsha(sha["requeueall"], 0, "my_queue", repr(time.time()), 500))
order = []
for i in range(3):
    tk = lst.listen(); order.append(tk.parameters); pp = c.get_processor(tk); pp.start(30 + i); pp.complete("ok")
print("library runs requeued in order:", order, "failed left:", r.llen("blueque_failed_tasks_my_queue"))
# A scheduler running enqueue_due_tasks while runnow moves one of its due tasks: runnow lands
# between the scheduler's WATCHed read and its EXEC, so EXEC fails and the library starts over.
r.flushall()
a = q.schedule("a", time.time() + 1); b = q.schedule("b", time.time() + 1)
time.sleep(1.1)
other = redis.StrictRedis(port=port, decode_responses=True)
original = redis.client.Pipeline.zrangebyscore
calls = []
def zrangebyscore(self, *args, **kwargs):
    result = original(self, *args, **kwargs)
    if not calls:
        calls.append(other.evalsha(sha["runnow"], 0, a, repr(time.time())))
    else:
        calls.append("read again")
    return result
redis.client.Pipeline.zrangebyscore = zrangebyscore
q.enqueue_due_tasks()
redis.client.Pipeline.zrangebyscore = original
pending = r.lrange("blueque_pending_tasks_my_queue", 0, -1)
print("scheduler raced by runnow:", calls, "pending:", sorted("a" if x == a else "b" for x in pending))
