#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Records library-walkthrough.txt: drives the released Blueque library (v1.0.0, a checkout on
# PYTHONPATH) against a scratch Redis and dumps every key after each step, normalised so that a
# run of our generator (tst_bluequegenerator) can be compared with it line by line: task ids
# become task1.. in creation order, listener names fixed ones, float times "<time>".
# Usage: PYTHONPATH=/path/to/Blueque record_library_walkthrough.py PORT > library-walkthrough.txt
import re
import subprocess
import socket
import sys
import time

import redis
from blueque import Client
from blueque.redis_queue import RedisQueue

port = int(sys.argv[1])
r = redis.StrictRedis(port=port, decode_responses=True)
r.flushall()
labels = {}
TIME = re.compile(r"^\d{9,}\.\d+$")


def norm(text):
    for real, label in labels.items():
        text = text.replace(real, label)
    return "<time>" if TIME.match(text) else text


def score(value):
    return "<time>" if value > 1e9 else "%d" % value


def dump(step):
    print("== " + step)
    for key in sorted(r.keys("*"), key=norm):
        kind = r.type(key)
        print(norm(key) + " " + kind)
        if kind == "hash":
            items = ["%s=%s" % (f, norm(v)) for f, v in r.hgetall(key).items()]
            lines = sorted(items)
        elif kind == "list":
            lines = [norm(v) for v in r.lrange(key, 0, -1)]
        elif kind == "set":
            lines = sorted(norm(v) for v in r.smembers(key))
        else:
            lines = ["%s %s" % (norm(m), score(s)) for m, s in r.zrange(key, 0, -1, withscores=True)]
        for line in lines:
            print("  " + line)


def task(tid):
    labels[tid] = "task%d" % (1 + sum(1 for label in labels.values() if label.startswith("task")))
    return tid


client = Client("redis://localhost:%d/0" % port)
queue = client.get_queue("my_queue")
t1 = task(queue.enqueue('{"n": 1}')); dump("enqueue task1")
t2 = task(queue.enqueue("plain text")); dump("enqueue task2")
t3 = task(queue.schedule("later", time.time() + 1.5)); dump("schedule task3 in the future")
t4 = task(queue.schedule("past", time.time() - 10)); dump("schedule task4 in the past")
time.sleep(1.7)
queue.enqueue_due_tasks(); dump("enqueue_due_tasks")
listener = client.get_listener("my_queue")
labels[listener._name] = "host.example_101"
dump("listener added")
first = listener.listen(); dump("listen: task1 reserved")
processor = client.get_processor(first)
processor.start(4242); dump("start task1 pid 4242")
processor.complete("done!"); dump("complete task1")
second = listener.listen(); processor = client.get_processor(second)
processor.start(4243); processor.fail("Boom: it broke"); dump("task2 reserved, started pid 4243, failed")
child = subprocess.Popen(["true"]); child.wait()
dead = socket.getfqdn() + "_" + str(child.pid)
labels[dead] = "host.example_202"
raw = RedisQueue("my_queue", r)
raw.add_listener(dead)
raw.dequeue(dead); dump("dead listener added, reserved task4")
orphan = listener.claim_orphan(); dump("claim_orphan: task4 reclaimed")
processor = client.get_processor(orphan)
processor.start(4244); processor.complete("ok2"); dump("task4 started pid 4244, completed")
queue.delete_task(client.get_task(t1)); dump("delete_task task1")
