// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "configoption.h"
#include "keyedtablemodel.h"

#include <QStringList>

#include <functional>

class QlessClient;

// qless's configuration, every option with the value in force beside its override (bold) and its
// default: qless's built-in defaults, the overrides of ql:config, one `<queue>-heartbeat` per
// known queue (set, or inherited from `heartbeat`) and each `<queue>-max-concurrency` set. Reads the config and queues scripts; writes
// nothing (ConfigEditor does, and refreshes this model after).
class ConfigModel final : public KeyedTableModel<ConfigOption>
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConfigModel)

public:
    enum Column { NameColumn, ValueColumn, OverrideColumn, DefaultColumn, MeaningColumn, ColumnCount };

    explicit ConfigModel(QlessClient *client, QObject *parent = nullptr);

    // How an option's value reads: seconds, days, a number of jobs, a limit (0 or less: none),
    // or text.
    enum class Unit { Text, Seconds, Days, Jobs, Limit };

    // The options current qless reads, in the order the page lists them, and their defaults
    // (qless-core's, or the fallback its scripts read them with). The config script cannot say
    // which values are defaults, so we know them here.
    static QStringList knownOptions();
    static QString defaultOf(const QString &option);
    // What qless does with the option, in a line: for the table and the page's editor.
    static QString meaning(const QString &option);
    static Unit unitOf(const QString &option);
    static bool isQueueHeartbeat(const QString &option);
    static bool isQueueMaxConcurrency(const QString &option);
    // The queue a <queue>-heartbeat or <queue>-max-concurrency is for; empty for other options.
    static QString queueOf(const QString &option);

    // `done` runs once when both replies are in (applied, or failed: then the rows stay).
    void refresh(std::function<void()> done = {});
    QString lastError() const { return m_lastError; }

    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    void refreshed();
    void loadFailed(const QString &message);

protected:
    QString keyOf(const ConfigOption &row) const override { return row.name; }
    bool sameRow(const ConfigOption &a, const ConfigOption &b) const override
    {
        return a.name == b.name && a.value == b.value && a.defaultValue == b.defaultValue && a.origin == b.origin;
    }

private:
    QString valueText(const ConfigOption &row) const;
    QString defaultText(const ConfigOption &row) const;

    QlessClient *m_client;
    QString m_lastError;
};
