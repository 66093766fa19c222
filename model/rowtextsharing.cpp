#include "rowtextsharing.h"

#include <QSet>

namespace {
class TextPool
{
public:
    void share(QString *text)
    {
        if (text->isEmpty()) {
            *text = QString(); // no buffer kept for an empty value
            return;
        }
        *text = *m_pool.insert(*text);
    }
    void share(QStringList *texts)
    {
        if (texts->isEmpty()) {
            *texts = QStringList();
            return;
        }
        for (QString &text : *texts)
            share(&text);
    }

private:
    QSet<QString> m_pool;
};
} // namespace

void shareRowText(QList<Job> *jobs)
{
    TextPool pool;
    for (Job &job : *jobs) {
        for (QString *text : {&job.klass, &job.state, &job.queue, &job.worker, &job.spawnedFrom, &job.timedOutWorker})
            pool.share(text);
        pool.share(&job.tags);
        pool.share(&job.dependencies);
        if (job.failure) {
            pool.share(&job.failure->group);
            pool.share(&job.failure->message);
            pool.share(&job.failure->worker);
        }
        if (job.problems.isEmpty())
            job.problems = FieldProblems(); // a map emptied by the decoder still holds its storage
    }
}
