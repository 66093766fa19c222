// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "keyedtablemodel.h"

#include <functional>

// A keyed table that pages in from Redis as the view scrolls and refreshes the rows around the
// view (JobListModel, RecurringListModel): the glue between the reads and KeyedTableModel's
// paging, written once. A subclass names its source and reads one page of it (readPage); this
// keeps one load in flight, drops replies for a source replaced meanwhile (a generation), and
// appends pages or applies refreshes. Signals are the subclass's (a template declares none): it
// is told through the announce* hooks and emits them.
template<typename Row, typename Key = QString>
class PagedListModel : public KeyedTableModel<Row, Key>
{
public:
    using KeyedTableModel<Row, Key>::KeyedTableModel;

    bool isLoading() const { return m_inFlight; }
    QString lastError() const { return m_lastError; }

    bool canFetchMore(const QModelIndex &parent) const override
    {
        return !parent.isValid() && hasSource() && !m_inFlight && this->canPageOn();
    }

    void fetchMore(const QModelIndex &parent) override
    {
        // Views (and QAbstractItemModelTester) call this unasked: only page on where there is more.
        if (!canFetchMore(parent))
            return;
        const int asked = this->pageSize();
        load(this->rowCount(), asked,
             [this, asked](const QList<Row> &rows, qint64 total, int listed) {
                 this->appendPage(asked, listed, rows);
                 setTotal(total);
             },
             {});
    }

    // Reads again the rows ListPaging picks (all that is loaded up to its cap, else the rows
    // around the view) with the total, and applies them as a keyed diff over that window: rows
    // beyond it keep what they had (not fresh), so a refresh costs what its window costs. `done`
    // runs once the reply is in (applied, failed or superseded by a new source), or at once when
    // there is no source or a load is already under way.
    void refresh(std::function<void()> done = {})
    {
        if (!hasSource() || m_inFlight) {
            if (done)
                done();
            return;
        }
        // Plain variables, not a structured binding: lambdas below capture them (clang 14 refuses
        // to capture a binding, and the fuzz build uses clang).
        const QPair<int, int> window = this->refreshWindow();
        const int offset = window.first;
        const int count = window.second;
        load(
            offset, count,
            [this, done, offset, count](const QList<Row> &rows, qint64 total, int listed) {
                // The total first: a view asking canFetchMore while the rows change must see the new one.
                setTotal(total);
                this->applyRefresh(offset, count, rows, listed);
                announceRefreshed();
                if (done)
                    done();
            },
            [done] {
                if (done)
                    done();
            });
    }

protected:
    // `listed`: how many the source listed (entries gone before their read are not in `rows`).
    using PageRows = std::function<void(const QList<Row> &rows, qint64 total, int listed)>;
    using PageFailed = std::function<void(const QString &message)>;

    virtual bool hasSource() const = 0;
    // Reads rows [offset, offset + count) of the source: exactly one of `rows` and `failed` runs,
    // later, on this object's thread (replies with this model as their context).
    virtual void readPage(int offset, int count, PageRows rows, PageFailed failed) = 0;
    // The subclass's signals.
    virtual void announceTotal(qint64 total) = 0;
    virtual void announceLoading(bool) {}
    virtual void announceLoadFailed(const QString &message) = 0;
    virtual void announceRefreshed() = 0;

    // The source is about to change: replies on their way are dropped, the rows go, the total is
    // unknown. The subclass has already cleared its source (a canFetchMore asked while the rows
    // go, by a model tester or a view, must not page the new source at the old row count); it
    // sets the new one, then calls loadFirstPage().
    void dropSource()
    {
        ++m_generation;
        m_lastError.clear();
        setInFlight(false);
        const bool totalKnown = this->total() >= 0;
        this->resetPaging();
        this->clearRows();
        if (totalKnown)
            announceTotal(-1);
    }
    void loadFirstPage()
    {
        if (hasSource())
            fetchMore({});
    }
    // Changes with each source: a subclass's read in several steps stops early when it moved on.
    quint64 sourceGeneration() const { return m_generation; }

private:
    // `failed` runs when the read failed (loadFailed is told) or the source changed meanwhile
    // (nothing applied, nothing told), so every refresh ends.
    void load(int offset, int count, PageRows rows, std::function<void()> failed)
    {
        const quint64 generation = m_generation;
        setInFlight(true);
        // A load for a source replaced meanwhile applies nothing, but it still ends: its caller
        // (a refresh the window's RefreshTimer waits on) is told, or that timer would wait for ever.
        readPage(
            offset, count,
            [this, generation, rows, failed](const QList<Row> &page, qint64 total, int listed) {
                if (generation != m_generation) {
                    if (failed)
                        failed();
                    return;
                }
                setInFlight(false);
                m_lastError.clear();
                rows(page, total, listed);
            },
            [this, generation, failed](const QString &message) {
                if (generation == m_generation) {
                    setInFlight(false);
                    m_lastError = message;
                    announceLoadFailed(message);
                }
                if (failed)
                    failed();
            });
    }
    void setInFlight(bool inFlight)
    {
        if (m_inFlight == inFlight)
            return;
        m_inFlight = inFlight;
        announceLoading(inFlight);
    }
    void setTotal(qint64 total)
    {
        if (this->setPagingTotal(total))
            announceTotal(total);
    }

    bool m_inFlight = false;
    quint64 m_generation = 0;
    QString m_lastError;
};
