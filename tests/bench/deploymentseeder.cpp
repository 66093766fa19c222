// SPDX-License-Identifier: GPL-3.0-or-later
#include "deploymentseeder.h"

#include "benchtools.h"
#include "seeder.h"
#include "statshistory.h"

namespace {
// ARGV: the day (its first second), the first and last queue number. A queue's day as qless's
// stats keep it: count, mean and variance, and the histogram's bins that were hit (seconds,
// minutes and hours; a day with a few dozen of the 142 bins set), and the day's retries and failures.
const QByteArray StatsScript = R"lua(
local day, first, last = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
for q = first, last do
  local queue = string.format('queue-%05d', q)
  redis.call('hset', 'ql:s:stats:' .. day .. ':' .. queue, 'retries', q % 7, 'failed', q % 5, 'failures', q % 11)
  for _, kind in ipairs({'wait', 'run'}) do
    local fields = {'total', 1000 + q, 'mean', 12.5 + q % 40, 'vk', 40000.25 + q}
    for s = 0, 19 do table.insert(fields, 's' .. s); table.insert(fields, (q + s) % 9 + 1) end
    for m = 1, 9 do table.insert(fields, 'm' .. m); table.insert(fields, (q + m) % 4 + 1) end
    for h = 1, 2 do table.insert(fields, 'h' .. h); table.insert(fields, 1) end
    redis.call('hset', 'ql:s:' .. kind .. ':' .. day .. ':' .. queue, unpack(fields))
  end
end
return last - first + 1
)lua";

// ARGV: the first and last group number, the queue. Each group one failed job, its failure's
// message a 6 KB backtrace (75 frames), listed in ql:failures as fail.lua leaves it.
const QByteArray GroupsScript = R"lua(
local first, last, queue = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3]
local frames = {}
for i = 1, 75 do
  frames[i] = '/srv/app/vendor/bundle/ruby/3.1.0/gems/some-gem-1.2.3/lib/some/module/file_' .. i .. '.rb:123:in `call'
end
local backtrace = table.concat(frames, '\n')
for i = first, last do
  local group = 'Deployment::Error' .. i .. ' (some failure)'
  local jid = redis.sha1hex(group)
  redis.call('hset', 'ql:j:' .. jid, 'jid', jid, 'klass', 'Pipeline::Fetch', 'state', 'failed', 'queue', queue,
    'priority', 0, 'data', '{"url": "https://example.com/"}', 'tags', '{}', 'worker', '', 'expires', 0,
    'retries', 5, 'remaining', 0, 'tracked', 0,
    'failure', cjson.encode({group = group, message = 'Error ' .. i .. ': something broke\n' .. backtrace,
                             when = 1700000000 + i, worker = 'worker-' .. i .. '.host-1'}))
  redis.call('lpush', 'ql:f:' .. group, jid)
  redis.call('sadd', 'ql:failures', group)
end
return last - first + 1
)lua";
} // namespace

QString DeploymentSeeder::bigGroupQueue()
{
    return QString::fromUtf8(Seeder::queueName(1));
}

bool DeploymentSeeder::seed(const Size &size, double now, QString *error)
{
    Seeder seeder(m_redis);
    progress(QStringLiteral("deployment: %1 queues, %2 workers").arg(size.queues).arg(size.workers));
    if (!seeder.overview(size.queues, size.workers, now, error))
        return false;
    progress(QStringLiteral("deployment: %1 days of every queue's statistics").arg(size.days));
    if (!stats(size.queues, size.days, error))
        return false;
    progress(QStringLiteral("deployment: %1 failure groups with 6 KB backtraces").arg(size.groups));
    if (!groups(size.groups, error))
        return false;
    progress(QStringLiteral("deployment: a failure group of %1 jobs").arg(size.bigGroup));
    return seeder.failureGroup(bigGroupName(), bigGroupQueue(), size.bigGroup, now, error);
}

bool DeploymentSeeder::stats(int queues, int days, QString *error)
{
    const QDate today = StatsHistory::today();
    QList<RawRedis::Argv> steps;
    const int chunk = 100;
    for (int d = 0; d < days; ++d) {
        const QByteArray day = QByteArray::number(qint64(StatsHistory::timestampOf(today.addDays(-d))) / 86400 * 86400);
        for (int first = 0; first < queues; first += chunk)
            steps.append({"EVAL", StatsScript, "0", day, QByteArray::number(first),
                          QByteArray::number(qMin(queues, first + chunk) - 1)});
    }
    QByteArray last;
    if (m_redis.pipeline(steps, 4, &last) != 0) {
        *error = QStringLiteral("seeding the statistics: ") + QString::fromUtf8(last);
        return false;
    }
    return true;
}

bool DeploymentSeeder::groups(int count, QString *error)
{
    QList<RawRedis::Argv> steps;
    const int chunk = 500;
    for (int first = 1; first <= count; first += chunk)
        steps.append({"EVAL", GroupsScript, "0", QByteArray::number(first),
                      QByteArray::number(qMin(count, first + chunk - 1)), Seeder::queueName(2)});
    QByteArray last;
    if (m_redis.pipeline(steps, 4, &last) != 0) {
        *error = QStringLiteral("seeding the failure groups: ") + QString::fromUtf8(last);
        return false;
    }
    return true;
}
