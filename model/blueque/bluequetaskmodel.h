// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bluequetypes.h"
#include "keyedtablemodel.h"
#include "qlessreply.h"

#include <QByteArray>

#include <functional>

class BluequeClient;

// One Blueque queue's tasks in one state, paged in as the view asks (fetchMore), so a list of a
// million costs a page a call (lua/blueque/taskpage.lua, 100 rows). Keyed by task id. Reserved
// tasks are read per listener of the queue's set (one SSCAN step); started tasks page by SSCAN
// cursor. Each row says what looks wrong with it (anomaly()).
class BluequeTaskModel final : public KeyedTableModel<BluequeTaskRow, QByteArray>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BluequeTaskModel)

public:
    enum Column {
        IdColumn,
        StatusColumn,
        CreatedColumn,
        UpdatedColumn,
        WhenColumn, // scheduled: the eta; started: the entry's listener and pid
        NodeColumn,
        ParametersColumn,
        ErrorColumn,
        AnomalyColumn,
        ColumnCount
    };
    // How long a reserved task may still say `pending` before it is shown as stuck: a dequeue
    // writes the status one round trip after taking the id.
    static constexpr double PendingGraceSeconds = 5;
    static constexpr int PageSize = 100;

    explicit BluequeTaskModel(BluequeClient *client, QObject *parent = nullptr);

    // What to list; rows go at once, the next refresh reads them.
    void setSource(const QString &queue, const QString &state);
    QString queue() const { return m_queue; }
    QString state() const { return m_state; }
    // Re-reads the first page (and what was paged in, up to 500 rows) as a keyed diff.
    void refresh(double now, std::function<void(bool ok)> done = {});
    qint64 total() const { return m_total; }
    QString lastError() const { return m_lastError; }
    // What looks wrong with a row of `state`, in a sentence (empty: nothing).
    static QString anomaly(const BluequeTaskRow &row, const QString &state, double now);

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

signals:
    void refreshed();

protected:
    QByteArray keyOf(const BluequeTaskRow &row) const override { return row.id; }
    bool sameRow(const BluequeTaskRow &a, const BluequeTaskRow &b) const override;

private:
    void readReserved(quint64 generation, std::function<void(bool ok)> done);
    void finish(quint64 generation, const QlessReply<BluequeTaskPage> &reply, bool replace,
                std::function<void(bool ok)> done);

    BluequeClient *m_client;
    QString m_queue;
    QString m_state;
    qint64 m_total = -1;
    QByteArray m_next; // started: the SSCAN cursor after the rows held
    bool m_loading = false;
    quint64 m_generation = 0; // a reply of an older source is dropped
    double m_now = 0;
    QString m_lastError;
};
